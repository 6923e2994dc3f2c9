import type { Language } from '../languages';
import type { Catalog } from './catalog';
import { en } from './en';
import { ga } from './ga';
import { fr } from './fr';
import { de } from './de';
import { es } from './es';
import { it } from './it';
import { nl } from './nl';
import { pl } from './pl';

export type { Catalog, MessageKey } from './catalog';

export const CATALOGS: Readonly<Record<Language, Catalog>> = { en, ga, fr, de, es, it, nl, pl };
