import { NON_FIELD_ERRORS, type ValidationErrors } from './error-messages';

/** Django REST framework's message for U+0000 (its ProhibitNullCharactersValidator). */
export const NULL_CHARACTERS_MESSAGE = 'Null characters are not allowed.';
export const LONE_SURROGATE_MESSAGE = 'Unpaired surrogate characters are not allowed.';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why Postgres could not store the text, or undefined when it can. */
function whyUnstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return NULL_CHARACTERS_MESSAGE;
  return LONE_SURROGATE.test(text) ? LONE_SURROGATE_MESSAGE : undefined;
}

function children(value: object): Array<[string, unknown]> {
  return Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
}

/** Whether any string or object key in the value is unstorable. Walks without recursion or paths: the common answer is no. */
function holdsUnstorable(data: unknown): boolean {
  const stack = [data];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (whyUnstorable(v)) return true;
    } else if (v !== null && typeof v === 'object') {
      for (const [k, c] of children(v)) {
        if (whyUnstorable(k)) return true;
        stack.push(c);
      }
    }
  }
  return false;
}

/**
 * The dotted paths of strings (and keys) Postgres can store neither in text nor in jsonb: U+0000, and
 * (in jsonb) a `\ud800`-style escape without its pair. Refused as field errors, as DRF does for
 * U+0000, instead of failing at the database with a 500.
 */
export function unstorableTextErrors(data: unknown): ValidationErrors {
  if (!holdsUnstorable(data)) return {};
  const errors: ValidationErrors = {};
  const stack: Array<[unknown, string]> = [[data, '']];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      const why = whyUnstorable(v);
      if (why) errors[path || NON_FIELD_ERRORS] = [why];
    } else if (v !== null && typeof v === 'object') {
      // Pushed in reverse, so the errors come out in document order.
      for (const [k, c] of children(v).reverse()) {
        const at = path ? `${path}.${k}` : k;
        const why = whyUnstorable(k);
        if (why) errors[at] = [why];
        else stack.push([c, at]);
      }
    }
  }
  return errors;
}
