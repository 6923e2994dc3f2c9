import type { CarrierAccountsTable } from './accounts/account.table';

/** Every table of the carrier-link service's schema. */
export interface CarrierLinkDb {
  carrier_accounts: CarrierAccountsTable;
}
