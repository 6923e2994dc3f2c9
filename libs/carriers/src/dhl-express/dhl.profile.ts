import type { CredentialKey } from '../accounts';
import type { CarrierCapabilities, CarrierServiceDef } from '@waybill/carrier-model';
import { isEuCountry } from '@waybill/carrier-model';
import type { CarrierClientProfile, CarrierHosts } from '../outbound';

export const DHL_IDENTIFIER = 'dhl_express';
export const DHL_NAME = 'DHL Express';

/** MyDHL API's hosts: its test environment and production. */
export const DHL_HOSTS: CarrierHosts = { test: 'https://express.api.dhl.com/mydhlapi/test', production: 'https://express.api.dhl.com/mydhlapi' };

/**
 * The MyDHL API description Waybill is written against (3.1.1, released 2025-11-02), and the interface
 * version its required `x-version` header carries on every call ("do not change this field value").
 */
export const DHL_API_VERSION = '3.1.1';
export const DHL_INTERFACE_VERSION = '3.1.0';

/** What the carrier offers besides its services. */
export const DHL_CAPABILITIES: CarrierCapabilities = { supports: ['book', 'void', 'manifest', 'tracking_poll', 'proof_of_delivery', 'rates', 'collections'], zplNative: true, perPackageTracking: true, options: ['pickup'] };

export const DHL_CREDENTIAL_KEYS: readonly CredentialKey[] = [
  { name: 'api_key', required: true, secret: false, description: "The API Key (username) of your MyDHL API app on DHL's developer portal." },
  { name: 'api_secret', required: true, secret: true, description: 'The API Secret (password) of that app.' },
  { name: 'account_number', required: true, secret: false, description: 'Your DHL Express shipper account number (9 digits); shipments are billed to it.' },
];

/** MyDHL's error answer: `{"instance", "detail", "title", "status", "additionalDetails": [...]}`. */
export function dhlError(body: unknown): { status: string; detail: string; additional: string[] } | undefined {
  const b = body as { status?: string | number; detail?: string; title?: string; message?: string; additionalDetails?: string[] } | undefined;
  if (!b || typeof b !== 'object' || (b.detail === undefined && b.title === undefined && b.message === undefined)) return undefined;
  return { status: String(b.status ?? ''), detail: String(b.detail ?? b.message ?? b.title ?? '').trim(), additional: Array.isArray(b.additionalDetails) ? b.additionalDetails.map(String) : [] };
}

export const DHL_CLIENT_PROFILE: CarrierClientProfile = {
  identifier: DHL_IDENTIFIER,
  name: DHL_NAME,
  hosts: DHL_HOSTS,
  // DHL publishes a daily quota per app rather than a rate; 5 calls a second keeps bursts of bookings
  // and polls well inside it, and the client backs off on a 429 anyway.
  rateLimit: { perSecond: 5, burst: 10 },
  errorCode: (body) => dhlError(body)?.status || undefined,
};

/**
 * The DHL Express services Waybill offers, with MyDHL's global product codes. Each international
 * product has a code for shipments needing customs (`code`) and one for those staying inside the EU
 * customs territory (`euCode`): Express Worldwide P/U, Express 12:00 Y/T, Express 9:00 K/E,
 * Economy Select H/W. Domestic Express (N) stays in one country. 70 kg a piece.
 */
export const DHL_SERVICES: (CarrierServiceDef & { euCode?: string; domestic: boolean })[] = [
  { name: 'DHL Express Worldwide', code: 'P', euCode: 'U', origins: '*', destinations: '*', maxParcelWeightKg: 70, domestic: false },
  { name: 'DHL Express 12:00', code: 'Y', euCode: 'T', origins: '*', destinations: '*', maxParcelWeightKg: 70, domestic: false },
  { name: 'DHL Express 9:00', code: 'K', euCode: 'E', origins: '*', destinations: '*', maxParcelWeightKg: 70, domestic: false },
  { name: 'DHL Economy Select', code: 'H', euCode: 'W', origins: '*', destinations: '*', maxParcelWeightKg: 70, domestic: false },
  { name: 'DHL Express Domestic', code: 'N', origins: '*', destinations: '*', maxParcelWeightKg: 70, domestic: true },
];

export function dhlRouteProblem(service: (typeof DHL_SERVICES)[number], from: string, to: string): string | undefined {
  if (service.domestic && from !== to) return `${service.name} is for shipments within one country (${from} to ${to})`;
  if (!service.domestic && from === to) return `${service.name} is for international shipments (${from} to ${to})`;
  return undefined;
}

/** The product code for this route: the EU variant when neither end needs customs. */
export function dhlProductCode(service: (typeof DHL_SERVICES)[number], from: string, to: string, dutiable: boolean): string {
  return !dutiable && service.euCode && isEuCountry(from) && isEuCountry(to) ? service.euCode : service.code;
}
