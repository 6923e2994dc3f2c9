import { randomBytes } from 'node:crypto';
import type { DbTarget } from '@waybill/db';
import { SANDBOX_PROFILES } from '@waybill/carriers';
import { openGatewayAdmin } from '@waybill/gateway';
import { DEMO_POLICY, openConsignmentAdmin } from '@waybill/consignment';
import { openDeliveryOptionsAdmin } from '@waybill/delivery-options';
import { catalogParts } from './catalog';
import { demoRules } from './demo-rules';
import { openDocumentsAdmin, type DocumentSettings } from '@waybill/documents';
import { openTrackingAdmin } from '@waybill/tracking-ingest';

export interface DemoCredentials {
  company: string;
  apiToken: string;
  user: string;
  password: string;
  deliveryOptionsKey: string;
  carrierSecret: string;
}

export function randomSecret(bytes = 18): string {
  return randomBytes(bytes).toString('base64url');
}

export const DEMO_WAREHOUSES = [
  {
    name: 'London DC', isDefault: true, timezone: 'Europe/London',
    address: { company_name: 'Demo Co', address1: '1 Warehouse Way', city: 'London', postcode: 'E14 5AB', country: 'GB' },
  },
  {
    name: 'Berlin Hub', isDefault: false, timezone: 'Europe/Berlin',
    address: { company_name: 'Demo Co GmbH', address1: 'Lagerstrasse 5', city: 'Berlin', postcode: '10115', country: 'DE' },
  },
];

const DEMO_CONTACT_EMAIL = 'shipping@demo-co.example';
/** The demo's returns service: the policy books it when a return names none. */
export const DEMO_RETURN_SERVICE = 'Generic Carrier|Generic Returns GRTN';

/** docs/demo.md: every label size enabled, A4 invoices, and the company's customs identity. */
export const DEMO_DOCUMENT_SETTINGS: DocumentSettings = {
  labelSizes: ['4x6', '8x4', 'A6'],
  invoiceSize: 'A4',
  concatenateInvoices: false,
  contact: { name: 'Demo Co', email: DEMO_CONTACT_EMAIL, phone: '+44 20 7946 0000', eori: 'GB123456789000' },
};
/** Server-side keys the seed needs: carrier ingest secrets are stored sealed under DATA_ENCRYPTION_KEY. */
export interface SeedKeys {
  dataEncryptionKey: string;
}

/**
 * The demo company of docs/demo.md: every sandbox carrier (each with DEMO_CARRIER_SECRET as its
 * ingest secret), two warehouses, tracking on, the two standard custom fields. Re-running is safe: it
 * converges on the same state and re-applies credentials.
 */
/** Without `keys` the carriers' ingest secrets (global, not per company) are left as they are. */
export async function seedDemo(target: DbTarget, creds: DemoCredentials, keys?: SeedKeys): Promise<void> {
  const gw = await openGatewayAdmin(target);
  const cs = await openConsignmentAdmin(target);
  const docs = await openDocumentsAdmin(target);
  const tr = await openTrackingAdmin(target, keys?.dataEncryptionKey);
  try {
    await gw.createCompany(creds.company, 'Demo Co');
    await gw.setUser(creds.company, creds.user, creds.password);
    await gw.addApiToken(creds.company, 'demo token', creds.apiToken);
    await gw.addDeliveryOptionsKey(creds.company, 'demo delivery-options key', creds.deliveryOptionsKey);
    await cs.configureCompany(creds.company, { extraCustomFields: false, trackingEnabled: true });
    for (const w of DEMO_WAREHOUSES) await cs.addWarehouse(creds.company, w);
    for (const p of SANDBOX_PROFILES) await cs.enableCarrier(creds.company, p.identifier);
    await seedDemoRules(target, creds.company);
    await docs.configureCompany(creds.company, DEMO_DOCUMENT_SETTINGS);
    // Returns come back to London on Generic's return service (docs/demo.md); on first start only, so edits survive restarts.
    if (!(await cs.returnsPolicy(creds.company)).stored) {
      await cs.replaceReturnsPolicy(creds.company, { ...DEMO_POLICY, warehouse_id: `${creds.company}|London DC`, service_id: DEMO_RETURN_SERVICE }, { withoutAccount: SANDBOX_PROFILES, accounts: [] });
    }
    if (keys) for (const p of SANDBOX_PROFILES) await tr.setCarrierSecret(p.identifier, creds.carrierSecret);
    // The recipients' tracking pages name the shop; on first start only, so edits in the console survive restarts.
    if (!(await tr.trackingPage(creds.company)).display_name) await tr.trackingPage(creds.company, { display_name: 'Demo Co', support_email: DEMO_CONTACT_EMAIL });
  } finally {
    await gw.close();
    await cs.close();
    await docs.close();
    await tr.close();
  }
}

/** The demo's delivery rules and settings, on first start only: later edits survive restarts. */
async function seedDemoRules(target: DbTarget, company: string): Promise<void> {
  const dor = await openDeliveryOptionsAdmin(target);
  try {
    const parts = catalogParts(company, SANDBOX_PROFILES.map((p) => p.identifier), DEMO_WAREHOUSES);
    await dor.seedRules(company, demoRules(company), { allocation_preference: 'cheapest', currency: 'GBP' }, parts);
  } finally {
    await dor.close();
  }
}
