import type { CredentialKey } from '../accounts';
import type { CarrierCapabilities, CarrierServiceDef } from '@waybill/carrier-model';
import type { CarrierClientProfile, CarrierHosts } from '../outbound';

export const RM_IDENTIFIER = 'royalmail';
export const RM_NAME = 'Royal Mail';

/**
 * Click & Drop has one host (no sandbox: `test_mode` changes nothing there); Royal Mail's tracking API
 * another. `CARRIER_BASE_URL_ROYALMAIL` overrides both: their paths (`/api/v1/...`, `/mailpieces/v2/...`)
 * never overlap.
 */
export const RM_HOSTS: CarrierHosts = { test: 'https://api.parcel.royalmail.com', production: 'https://api.parcel.royalmail.com' };
export const RM_TRACKING_HOSTS: CarrierHosts = { test: 'https://api.royalmail.net', production: 'https://api.royalmail.net' };

/** What the carrier offers besides its services (Click & Drop manifests every labelled order of the account). */
export const RM_CAPABILITIES: CarrierCapabilities = { supports: ['book', 'void', 'manifest', 'tracking_poll', 'proof_of_delivery'], zplNative: false, perPackageTracking: true, options: [], manifestScope: 'account' };

export const RM_CREDENTIAL_KEYS: readonly CredentialKey[] = [
  { name: 'api_key', required: true, secret: true, description: 'The Click & Drop API authorisation key (Settings, Integrations, Click & Drop API).' },
  { name: 'tracking_client_id', required: false, secret: false, description: "Optional: the Client ID of your app on Royal Mail's developer portal, subscribed to the Tracking API. Without it only Click & Drop's despatch state is known." },
  { name: 'tracking_client_secret', required: false, secret: true, description: 'Optional: the Client Secret of that app.' },
];

/** Click & Drop's error answers: `{"code", "message"}`, or a list of them, or manifest `{"errors": [{"code", "description"}]}`. */
export function rmError(body: unknown): { code: string; message: string } | undefined {
  const b = (Array.isArray(body) ? body[0] : body) as Record<string, unknown> | undefined;
  if (!b || typeof b !== 'object') return undefined;
  const errors = (b as { errors?: { code?: string; description?: string; errorCode?: string; errorDescription?: string }[] }).errors;
  if (Array.isArray(errors) && errors[0]) {
    const e = errors[0];
    return { code: String(e.code ?? e.errorCode ?? ''), message: String(e.description ?? e.errorDescription ?? '') };
  }
  if (typeof b.message === 'string' || typeof b.code === 'string') return { code: String(b.code ?? ''), message: String(b.message ?? '') };
  return undefined;
}

export const RM_CLIENT_PROFILE: CarrierClientProfile = {
  identifier: RM_IDENTIFIER,
  name: RM_NAME,
  hosts: RM_HOSTS,
  // Click & Drop's description: "Exceeding the rate limit of 5 calls per second will result in a 429 error".
  rateLimit: { perSecond: 5, burst: 5 },
  errorCode: (body) => rmError(body)?.code || undefined,
};

const UK = ['GB', 'JE', 'GG', 'IM'];

/**
 * The services Waybill offers for Royal Mail, each with the Click & Drop service code of an Online
 * Business Account and where Royal Mail runs it. Tracked 24/48 and Special Delivery are UK services
 * (the Channel Islands and the Isle of Man included) up to 20 kg; International Tracked goes from the
 * UK to everywhere else, up to 2 kg.
 */
export const RM_SERVICES: (CarrierServiceDef & { international: boolean })[] = [
  { name: 'Royal Mail Tracked 24', code: 'TPN24', origins: ['GB'], destinations: UK, maxParcelWeightKg: 20, international: false },
  { name: 'Royal Mail Tracked 48', code: 'TPN48', origins: ['GB'], destinations: UK, maxParcelWeightKg: 20, international: false },
  { name: 'Royal Mail Special Delivery Guaranteed by 1pm', code: 'SD1', origins: ['GB'], destinations: UK, maxParcelWeightKg: 20, international: false },
  { name: 'Royal Mail International Tracked', code: 'MP1', origins: ['GB'], destinations: '*', maxParcelWeightKg: 2, international: true },
];

/** Why Royal Mail does not run this service on this route, or undefined when it does. */
export function rmRouteProblem(service: (typeof RM_SERVICES)[number], from: string, to: string): string | undefined {
  if (!(service.origins as string[]).includes(from)) return `${service.name} does not collect from ${from}`;
  if (service.international && UK.includes(to)) return `${service.name} is for destinations outside the UK (${to})`;
  if (!service.international && !UK.includes(to)) return `${service.name} does not deliver to ${to}`;
  return undefined;
}
