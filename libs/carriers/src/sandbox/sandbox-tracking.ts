import { TrackingPushError, type TrackingPush, type TrackingStatus } from '@waybill/carrier-model';

/** How one sandbox carrier speaks tracking: its event codes and, for some, a push format of its own. */
export interface SandboxTracking {
  codes: Readonly<Record<string, TrackingStatus>>;
  parseNative?: (body: unknown) => TrackingPush | null;
  /** What the carrier hands over as proof of delivery: a signature, a doorstep photo, or both. */
  pod: ReadonlyArray<'signature' | 'image'>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const optionalText = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/**
 * Globex pushes `{"shipments": [{"awb", "checkpoints": [{"code", "time", "text"?, "place"?}]}]}`: air
 * waybill numbers and checkpoint codes, never a status word, so the code table gives every status.
 */
export function parseGlobexPush(body: unknown): TrackingPush | null {
  if (!isObject(body) || !('shipments' in body)) return null;
  const errors: Record<string, string[]> = {};
  const fail = (path: string, message: string) => { errors[path] ??= [message]; };
  if (!Array.isArray(body.shipments)) {
    fail('shipments', 'Expected a list of items.');
    throw new TrackingPushError(errors);
  }
  const trackings = body.shipments.map((s: unknown, i) => {
    if (!isObject(s)) {
      fail(`shipments.${i}`, 'Expected an object.');
      return { tracking_number: '', events: [] };
    }
    if (typeof s.awb !== 'string' || s.awb.trim() === '') fail(`shipments.${i}.awb`, 'This field is required.');
    const checkpoints = Array.isArray(s.checkpoints) ? s.checkpoints : (fail(`shipments.${i}.checkpoints`, 'Expected a list of items.'), []);
    const events = checkpoints.map((c: unknown, j) => {
      const path = `shipments.${i}.checkpoints.${j}`;
      if (!isObject(c)) {
        fail(path, 'Expected an object.');
        return { timestamp: '' };
      }
      if (typeof c.code !== 'string' || c.code === '') fail(`${path}.code`, 'This field is required.');
      if (typeof c.time !== 'string' || c.time === '') fail(`${path}.time`, 'This field is required.');
      return { carrier_code: String(c.code ?? ''), timestamp: String(c.time ?? ''), description: optionalText(c.text), location: optionalText(c.place) };
    });
    return { tracking_number: String(s.awb ?? '').trim(), events };
  });
  if (Object.keys(errors).length) throw new TrackingPushError(errors);
  return { trackings };
}

/** Event codes of each sandbox carrier, by carrier identifier. */
export const SANDBOX_TRACKING: Readonly<Record<string, SandboxTracking>> = {
  generic: {
    codes: {
      MAN: 'INFO_RECEIVED', COL: 'IN_TRANSIT', HUB: 'IN_TRANSIT', OFD: 'OUT_FOR_DELIVERY', DEL: 'DELIVERED',
      NDA: 'DELIVERY_FAILED', EXC: 'EXCEPTION', RTS: 'RETURNED',
    },
    pod: ['signature'],
  },
  swiftpost: {
    codes: {
      10: 'INFO_RECEIVED', 20: 'IN_TRANSIT', 21: 'IN_TRANSIT', 30: 'OUT_FOR_DELIVERY', 40: 'DELIVERED',
      50: 'DELIVERY_FAILED', 60: 'EXCEPTION', 70: 'RETURNED',
    },
    pod: ['signature'],
  },
  globex: {
    codes: {
      SD: 'INFO_RECEIVED', PU: 'IN_TRANSIT', AF: 'IN_TRANSIT', DF: 'IN_TRANSIT', WC: 'OUT_FOR_DELIVERY', OK: 'DELIVERED',
      NH: 'DELIVERY_FAILED', CA: 'DELIVERY_FAILED', HP: 'EXCEPTION', CR: 'EXCEPTION', RT: 'RETURNED',
    },
    parseNative: parseGlobexPush,
    pod: ['signature', 'image'],
  },
  parcelink: {
    codes: {
      'PL-REG': 'INFO_RECEIVED', 'PL-DEP': 'IN_TRANSIT', 'PL-ARR': 'IN_TRANSIT', 'PL-OUT': 'OUT_FOR_DELIVERY',
      'PL-POD': 'DELIVERED', 'PL-ATT': 'DELIVERY_FAILED', 'PL-DMG': 'EXCEPTION', 'PL-RTN': 'RETURNED',
    },
    pod: ['image'],
  },
};
