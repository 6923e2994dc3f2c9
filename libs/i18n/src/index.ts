export { LANGUAGES, LANGUAGE_NAMES, INTL_LOCALE, isLanguage, languageOfCountry, type Language } from './languages';
export { acceptedLanguages, chooseLanguage, type LanguageHints } from './negotiate';
export { formatCalendarDate, formatShortDay, formatTime, todayIn } from './dates';
export { Markup, markup, escapeHtml, text, html, translator, type Translator, type MessageValues } from './translator';
export { CATALOGS, type MessageKey, type Catalog } from './catalogs';
