import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGS } from './catalogs';
import { INTL_LOCALE, LANGUAGES, type Language } from './languages';

/** An ICU element, as far as this test reads it. */
interface Element { type: number; value?: string; options?: Record<string, { value: Element[] }> }
const ARGUMENT_TYPES = new Set([1, 2, 3, 4, 5, 6]);
const PLURAL = 6;
const SELECT = 5;

/** Each placeholder of a message, with the options of each select and the plural arguments found. */
function shape(source: string, lang: Language): { args: Set<string>; selects: Map<string, Set<string>>; plurals: Array<Set<string>> } {
  const ast = new IntlMessageFormat(source, INTL_LOCALE[lang]).getAst() as unknown as Element[];
  const args = new Set<string>();
  const selects = new Map<string, Set<string>>();
  const plurals: Array<Set<string>> = [];
  const walk = (elements: Element[]) => {
    for (const e of elements) {
      if (ARGUMENT_TYPES.has(e.type) && e.value) args.add(`${e.value}:${e.type === 1 ? 'text' : e.type}`);
      if (e.type === SELECT) selects.set(e.value!, new Set(Object.keys(e.options ?? {})));
      if (e.type === PLURAL) plurals.push(new Set(Object.keys(e.options ?? {})));
      for (const o of Object.values(e.options ?? {})) walk(o.value);
    }
  };
  walk(ast);
  return { args, selects, plurals };
}

const english = CATALOGS.en as Record<string, string>;

describe.each(LANGUAGES.filter((l) => l !== 'en'))('the %s catalog', (lang) => {
  const catalog = CATALOGS[lang] as Record<string, string>;

  it('has every key the English one has, and no other', () => {
    expect(Object.keys(english).filter((k) => typeof catalog[k] !== 'string' || catalog[k].trim() === '')).toEqual([]);
    expect(Object.keys(catalog).filter((k) => !(k in english))).toEqual([]);
  });

  it('uses exactly the placeholders and select options of the English message, key by key', () => {
    const wrong = Object.keys(english).filter((k) => k in catalog).filter((k) => {
      const a = shape(english[k], 'en');
      const b = shape(catalog[k], lang);
      const same = (x: Set<string>, y: Set<string>) => x.size === y.size && [...x].every((v) => y.has(v));
      return !same(a.args, b.args) || [...a.selects].some(([name, options]) => !b.selects.has(name) || !same(options, b.selects.get(name)!));
    });
    expect(wrong).toEqual([]);
  });

  it('gives every plural the forms the language needs', () => {
    const categories = new Intl.PluralRules(INTL_LOCALE[lang]).resolvedOptions().pluralCategories;
    const short = Object.keys(catalog).filter((k) => shape(catalog[k], lang).plurals.some((forms) => categories.some((c) => !forms.has(c))));
    expect(short).toEqual([]);
  });
});

describe('the English catalog', () => {
  it('parses, and uses no straight apostrophe (ICU would read it as a quote)', () => {
    for (const [key, source] of Object.entries(english)) {
      expect(() => shape(source, 'en')).not.toThrow();
      expect([key, source.includes("'")]).toEqual([key, false]);
    }
  });
});

describe('a catalog the test must refuse', () => {
  it('is caught when a key is missing or a placeholder renamed', () => {
    const broken = { ...english, 'page.eta': 'Expected {when}' } as Record<string, string>;
    delete broken['page.language'];
    expect(Object.keys(english).filter((k) => !(k in broken))).toEqual(['page.language']);
    expect([...shape(broken['page.eta'], 'en').args]).not.toEqual([...shape(english['page.eta'], 'en').args]);
  });
});
