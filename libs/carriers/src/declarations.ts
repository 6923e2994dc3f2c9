import type { CarrierAdapter } from './accounts';
import { realCarrierAdapters } from './real-carriers';

/** What an adapter declares about an account, in the API's words (`GET /carrier-accounts/credential-keys`). */
export interface CarrierCredentialDeclaration {
  carrier: string;
  name: string;
  booking_label_formats: ('pdf' | 'zpl')[];
  keys: { name: string; required: boolean; secret: boolean; description: string }[];
}

export function declarationOf(a: Pick<CarrierAdapter, 'identifier' | 'name' | 'bookingLabelFormats' | 'credentialKeys'>): CarrierCredentialDeclaration {
  return {
    carrier: a.identifier, name: a.name, booking_label_formats: [...a.bookingLabelFormats],
    keys: a.credentialKeys.map((k) => ({ name: k.name, required: k.required, secret: k.secret, description: k.description })),
  };
}

/**
 * The real carriers of this build as their adapters declare them, for what documents accounts without
 * holding any (the OpenAPI document, the admin CLI's help): adapters built with no account, which makes
 * no call. carrier-link registers the same list (`realCarrierAdapters`).
 */
export function realCarrierDeclarations(): CarrierCredentialDeclaration[] {
  return realCarrierAdapters({ trackingBaseUrl: 'http://localhost:8080' }).map(declarationOf);
}
