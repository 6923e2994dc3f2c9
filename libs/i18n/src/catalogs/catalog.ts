import type { en } from './en';

export type MessageKey = keyof typeof en;
/** A language's messages: every key of the English catalog (the catalogs test also checks placeholders). */
export type Catalog = Record<MessageKey, string>;
