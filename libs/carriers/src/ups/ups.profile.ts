import type { CredentialKey } from '../accounts';
import type { CarrierCapabilities, CarrierServiceDef } from '@waybill/carrier-model';
import { EU_COUNTRIES } from '@waybill/carrier-model';
import type { CarrierClientProfile } from '../outbound';
import type { UpsErrorAnswer } from './ups.types';

export const UPS_IDENTIFIER = 'ups';
export const UPS_NAME = 'UPS';

/** Hosts from UPS's descriptions: the Customer Integration Environment (test) and production. */
export const UPS_HOSTS = { test: 'https://wwwcie.ups.com', production: 'https://onlinetools.ups.com' };

/** The Shipping API version Waybill is written against (the description's current one). */
export const UPS_SHIP_VERSION = 'v2409';

/** What the carrier offers besides its services. */
export const UPS_CAPABILITIES: CarrierCapabilities = { supports: ['book', 'void', 'manifest', 'tracking_push', 'tracking_poll', 'proof_of_delivery', 'rates', 'returns', 'collections', 'service_points'], zplNative: true, perPackageTracking: true, options: [] };

export const UPS_CREDENTIAL_KEYS: readonly CredentialKey[] = [
  { name: 'client_id', required: true, secret: false, description: "The Client ID of your app on UPS's developer portal." },
  { name: 'client_secret', required: true, secret: true, description: "The Client Secret of that app." },
  { name: 'account_number', required: true, secret: false, description: 'Your 6-character UPS shipper (account) number; shipments are billed to it.' },
];

/** The first error in UPS's error answer, `{"response": {"errors": [{"code", "message"}]}}`. */
export function upsError(body: unknown): { code: string; message: string } | undefined {
  const first = (body as UpsErrorAnswer | undefined)?.response?.errors?.[0];
  return first?.code ? { code: String(first.code), message: String(first.message ?? '').trim() } : undefined;
}

export const UPS_CLIENT_PROFILE: CarrierClientProfile = {
  identifier: UPS_IDENTIFIER,
  name: UPS_NAME,
  hosts: UPS_HOSTS,
  // UPS publishes no per-account figure; 10 calls a second with bursts of 20 stays well inside what its
  // 429 answers enforce, and the client backs off on a 429 anyway.
  rateLimit: { perSecond: 10, burst: 20 },
  errorCode: (body) => upsError(body)?.code,
};

const EUROPE = [...EU_COUNTRIES, 'GB', 'CH', 'NO', 'IS', 'LI'];
const US = ['US', 'PR'];

/**
 * The services Waybill offers for UPS, each with UPS's service code and where UPS runs it. UPS's limit
 * per package is 150 lbs (68 kg). Express and Express Saver run between any of the countries UPS serves;
 * Expedited is international only; Standard is UPS's road service within Europe; Ground and Next Day Air
 * are US (and Puerto Rico) domestic services.
 */
export const UPS_SERVICES: (CarrierServiceDef & { international?: boolean })[] = [
  { name: 'UPS Standard', code: '11', origins: EUROPE, destinations: EUROPE, maxParcelWeightKg: 68 },
  { name: 'UPS Express', code: '07', origins: '*', destinations: '*', maxParcelWeightKg: 68 },
  { name: 'UPS Express Saver', code: '65', origins: '*', destinations: '*', maxParcelWeightKg: 68 },
  { name: 'UPS Expedited', code: '08', origins: '*', destinations: '*', maxParcelWeightKg: 68, international: true },
  { name: 'UPS Ground', code: '03', origins: US, destinations: US, maxParcelWeightKg: 68 },
  { name: 'UPS Next Day Air', code: '01', origins: US, destinations: US, maxParcelWeightKg: 68 },
  // A return (docs/api/returns.md): UPS Standard carrying a Print Return Label, ReturnService code 9 of the
  // Shipping API; the recipient of the outbound prints the label and hands the parcel to UPS.
  { name: 'UPS Standard Return', code: '11', origins: EUROPE, destinations: EUROPE, maxParcelWeightKg: 68, return: true },
];

/** UPS's ReturnService code for a Print Return Label, and its name as the Shipping API gives it. */
export const UPS_PRINT_RETURN_LABEL = { Code: '9', Description: 'UPS Print Return Label (PRL)' };

const serves = (list: string[] | '*', country: string) => list === '*' || list.includes(country);

/** Why UPS does not run this service on this route, or undefined when it does. */
export function routeProblem(service: (typeof UPS_SERVICES)[number], from: string, to: string): string | undefined {
  if (!serves(service.origins, from)) return `${service.name} does not collect from ${from}`;
  if (!serves(service.destinations, to)) return `${service.name} does not deliver to ${to}`;
  if (service.international && from === to) return `${service.name} is for international shipments only (${from} to ${to})`;
  return undefined;
}
