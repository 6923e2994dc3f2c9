import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CARRIER_CAPABILITIES, hasCapability, type Carrier, type CarrierRating } from '@waybill/carrier-model';
import { realCarrierAdapters } from './real-carriers';
import { sandboxRegistry } from './sandbox/registry';

/**
 * A carrier's declared capabilities are what it does: each declaration agrees with the members the
 * carrier implements, and the names are the public contract's (`GET /carriers`).
 */
const account = { id: 'acc', company: 'acme', testMode: true, credentials: {}, bookingLabelFormat: 'pdf' as const };
const carriers: Carrier[] = [
  ...sandboxRegistry().carriers,
  ...realCarrierAdapters({ trackingBaseUrl: 'http://localhost:8080' }).map((a) => a.forAccount(account)),
];

describe('carrier capabilities', () => {
  it.each(carriers.map((c) => [c.identifier, c] as const))('%s declares what it implements, nothing else', (_id, c) => {
    const does = c.capabilities.supports;
    expect(does.every((name) => (CARRIER_CAPABILITIES as readonly string[]).includes(name))).toBe(true);
    expect(['book', 'void', 'manifest', 'proof_of_delivery'].filter((name) => !hasCapability(does, name as never))).toEqual([]);
    expect(hasCapability(does, 'tracking_poll')).toBe(typeof c.pollTracking === 'function');
    // A carrier that rates live (UPS, DHL Express) declares `rates`, and one that declares it rates.
    expect(hasCapability(does, 'rates')).toBe(typeof (c as Partial<CarrierRating>).rate === 'function');
    expect(hasCapability(does, 'collections')).toBe(c.pickups !== undefined);
    expect(hasCapability(does, 'service_points')).toBe(c.servicePoints !== undefined);
    // A carrier asked to push (Track Alert) pushes; the sandbox carriers push through the generic body.
    if (typeof c.subscribeTracking === 'function') expect(hasCapability(does, 'tracking_push')).toBe(true);
  });

  it('adapters declare for lookups what their carriers declare', () => {
    for (const a of realCarrierAdapters({ trackingBaseUrl: 'http://localhost:8080' })) {
      expect([a.identifier, a.capabilities.supports]).toEqual([a.identifier, a.forAccount(account).capabilities.supports]);
    }
  });

  it('names exactly the capabilities of the public Carrier contract', () => {
    const schema = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'contracts', 'api', 'carrier.json'), 'utf8'));
    expect(schema.properties.capabilities.items.enum).toEqual([...CARRIER_CAPABILITIES]);
  });
});
