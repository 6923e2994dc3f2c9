import type { OutboxTable } from '@waybill/messaging';
import type { CompanySettingsTable } from './settings/settings.table';

/** Every table of the documents service's schema. */
export interface DocumentsDb {
  company_settings: CompanySettingsTable;
  outbox: OutboxTable;
}
