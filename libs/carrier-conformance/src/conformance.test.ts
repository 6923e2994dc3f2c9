import { sandboxRegistry, type Booking, type BookingRequest, type Carrier, type PushedTracking } from '@waybill/carriers';
import { booking, exportBooking } from './bookings';
import { describeCarrierConformance } from './conformance';
import { upsFixture } from './ups/ups.fixture';

/** Every adapter passes the same checks: the four sandbox carriers here, UPS against its double. */
const registry = sandboxRegistry();
const minutes = (n: number) => new Date(Date.UTC(2030, 0, 2, 8, n)).toISOString();

/** A sandbox parcel's life as the carrier pushes it: in its own format where it has one, else generic with its codes. */
function sandboxLifecycle(codes: string[]) {
  return async (carrier: Carrier, b: Booking): Promise<PushedTracking> => {
    const n = b.trackingNumbers[0];
    if (carrier.identifier === 'globex') {
      const native = { shipments: [{ awb: n, checkpoints: codes.map((code, i) => ({ code, time: minutes(i * 10), text: code })) }] };
      return carrier.parseTrackingPush(native)!.trackings[0];
    }
    return { tracking_number: n, events: codes.map((carrier_code, i) => ({ carrier_code, timestamp: minutes(i * 10).replace('Z', '') })) };
  };
}

const LIFECYCLE: Record<string, string[]> = {
  generic: ['MAN', 'COL', 'HUB', 'OFD', 'DEL'],
  swiftpost: ['10', '20', '30', '40'],
  globex: ['SD', 'PU', 'AF', 'WC', 'OK'],
  parcelink: ['PL-REG', 'PL-DEP', 'PL-OUT', 'PL-POD'],
};
const SERVICE: Record<string, string> = {
  generic: 'Generic Domestic Service GDOM', swiftpost: 'SwiftPost 24', globex: 'Globex Express Worldwide', parcelink: 'Parcelink Standard',
};

for (const carrier of registry.carriers) {
  describeCarrierConformance({
    name: carrier.name,
    carrier: () => carrier,
    accepted: () => booking(SERVICE[carrier.identifier]),
    refused: (): BookingRequest => booking(SERVICE[carrier.identifier], { destination: { ...booking('x').destination, postcode: 'NOT A POSTCODE' } }),
    lifecycle: sandboxLifecycle(LIFECYCLE[carrier.identifier]),
    submitsManifests: true,
  });
}

let ups: Awaited<ReturnType<typeof upsFixture>>;
beforeAll(async () => { ups = await upsFixture(); });
afterAll(() => ups.stop());

for (const labelFormat of ['pdf', 'zpl'] as const) {
  describeCarrierConformance({
    name: `UPS (${labelFormat} account, against its double)`,
    carrier: () => ups.carrier({ labelFormat }),
    accepted: () => (labelFormat === 'pdf' ? exportBooking('UPS Express') : booking('UPS Standard')),
    refused: () => booking('UPS Standard', { destination: { ...booking('x').destination, postcode: 'ZZ9 9ZZ' } }),
    async lifecycle(carrier, b) {
      const n = b.trackingNumbers[0];
      for (const [i, [type, code, description]] of [['I', 'OR', 'Origin Scan'], ['I', 'OT', 'Out For Delivery Today'], ['D', 'FS', 'Delivered']].entries()) {
        ups.double.addActivity(n, { type, code, description, at: new Date(Date.now() + (i + 1) * 60_000) });
      }
      return (await carrier.pollTracking!([n]))[0];
    },
    submitsManifests: false,
  });
}

afterAll(() => expect(ups.double.violations).toEqual([]));
