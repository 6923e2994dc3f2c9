import { randomBytes } from 'node:crypto';
import type { InjectedFault } from '../kit/double-server';

/** What the UPS double remembers: its clients, the tokens it issued, shipments, tracking activity. */
export interface DoubleClient {
  clientId: string;
  clientSecret: string;
  accountNumber: string;
}

export interface DoubleActivity {
  type: string;
  code: string;
  description: string;
  /** When it happened (UTC). */
  at: Date;
  city?: string;
  country?: string;
}

export interface DoubleShipment {
  shipmentId: string;
  trackingNumbers: string[];
  voided: boolean;
  delivered: boolean;
}

/** An on-call pickup the double booked: the account, the local date and window, and whether it was cancelled. */
export interface DoublePickup { prn: string; accountNumber: string; date: string; ready: string; close: string; pieces: number; cancelled: boolean }

/** A fault the double injects into the next `times` requests of one of UPS's operations (Infinity: until cleared). */
export interface DoubleFault extends InjectedFault {
  operation: 'token' | 'ship' | 'void' | 'track' | 'subscribe' | 'rate' | 'pickup' | 'cancel_pickup' | 'locator' | '*';
}

/**
 * UPS's 1Z check digit, over the 15 characters after `1Z`: letters count as (code − 63) mod 10, the
 * even positions double, and the digit brings the sum to a multiple of ten.
 */
export function oneZCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    const v = /[0-9]/.test(c) ? Number(c) : (c.charCodeAt(0) - 63) % 10;
    sum += i % 2 === 1 ? v * 2 : v;
  }
  return String((10 - (sum % 10)) % 10);
}

export class DoubleState {
  readonly clients = new Map<string, DoubleClient>();
  readonly tokens = new Map<string, { client: DoubleClient; until: number }>();
  readonly shipments = new Map<string, DoubleShipment>();
  readonly activity = new Map<string, DoubleActivity[]>();
  readonly subscriptions = new Set<string>();
  /** On-call pickups by PRN (ups.double.pickup.ts). */
  readonly pickups = new Map<string, DoublePickup>();
  tokensIssued = 0;
  private sequence = Number.parseInt(randomBytes(3).toString('hex'), 16) % 1_000_000;

  issueToken(client: DoubleClient, lifetimeS: number): string {
    const token = randomBytes(24).toString('base64url');
    this.tokens.set(token, { client, until: Date.now() + lifetimeS * 1000 });
    this.tokensIssued += 1;
    return token;
  }

  clientOfToken(token: string | undefined): DoubleClient | undefined {
    const hit = token ? this.tokens.get(token) : undefined;
    return hit && hit.until > Date.now() ? hit.client : undefined;
  }

  nextTrackingNumber(account: string, serviceCode: string): string {
    this.sequence = (this.sequence + 1) % 10_000_000;
    const body = `${account}${serviceCode}${String(this.sequence).padStart(7, '0')}`.toUpperCase();
    return `1Z${body}${oneZCheckDigit(body)}`;
  }
}
