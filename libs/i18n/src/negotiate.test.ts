import { acceptedLanguages, chooseLanguage } from './negotiate';
import { formatCalendarDate, formatTime, todayIn } from './dates';
import { html, markup, text } from './translator';

describe('chooseLanguage', () => {
  it('takes ?lang= first, then Accept-Language, then the destination country, then English', () => {
    expect(chooseLanguage({ query: 'ga', acceptLanguage: 'fr', country: 'DE' })).toBe('ga');
    expect(chooseLanguage({ query: 'xx', acceptLanguage: 'fr-BE,fr;q=0.9', country: 'DE' })).toBe('fr');
    expect(chooseLanguage({ acceptLanguage: 'ja, zh;q=0.5', country: 'PL' })).toBe('pl');
    expect(chooseLanguage({ acceptLanguage: 'ja', country: 'JP' })).toBe('en');
    expect(chooseLanguage({})).toBe('en');
  });

  it('respects q-values and refusals', () => {
    expect(acceptedLanguages('en;q=0.3, de;q=0.8, nl')).toEqual(['nl', 'de', 'en']);
    expect(acceptedLanguages('it;q=0, es')).toEqual(['es']);
    expect(acceptedLanguages('*')).toEqual([]);
  });
});

describe('formatting', () => {
  it('formats dates and times for the language', () => {
    expect(formatCalendarDate('en', '2026-11-27')).toBe('Friday 27 November');
    expect(formatCalendarDate('ga', '2026-11-27')).toBe('Dé hAoine 27 Samhain');
    expect(formatCalendarDate('de', '2026-11-27')).toBe('Freitag, 27. November');
    expect(formatTime('fr', new Date('2026-11-27T17:44:00Z'), 'Europe/Paris')).toMatch(/^18:44/);
    expect(todayIn('Pacific/Auckland', new Date('2026-11-27T12:00:00Z'))).toBe('2026-11-28');
  });

  it('escapes words and values in HTML and inserts markup as it is', () => {
    const email = markup('<a href="mailto:a@b.ie">a@b.ie</a>', 'a@b.ie');
    expect(html('en', 'page.help.write', { merchant: 'Tom & Jerry <Ltd>', email })).toBe('Write to Tom &amp; Jerry &lt;Ltd&gt; at <a href="mailto:a@b.ie">a@b.ie</a>.');
    expect(text('en', 'page.help.write', { merchant: 'Tom & Jerry', email })).toBe('Write to Tom & Jerry at a@b.ie.');
    expect(text('pl', 'page.details.parcelCount', { count: 5 })).toBe('(5 paczek)');
    expect(text('ga', 'page.details.parcelCount', { count: 7 })).toBe('(7 mbeart)');
  });
});
