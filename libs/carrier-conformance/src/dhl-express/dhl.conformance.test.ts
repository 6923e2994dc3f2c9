import { booking, exportBooking } from '../bookings';
import { describeCarrierConformance } from '../conformance';
import { dhlFixture } from './dhl.fixture';

/** DHL Express against its double passes the checks every adapter passes, for PDF and ZPL accounts. */
let dhl: Awaited<ReturnType<typeof dhlFixture>>;
beforeAll(async () => { dhl = await dhlFixture(); });
afterAll(() => dhl.stop());

for (const labelFormat of ['pdf', 'zpl'] as const) {
  describeCarrierConformance({
    name: `DHL Express (${labelFormat} account, against its double)`,
    carrier: () => dhl.carrier({ labelFormat }),
    accepted: () => (labelFormat === 'pdf' ? exportBooking('DHL Express Worldwide') : booking('DHL Express Domestic')),
    refused: () => booking('DHL Express Domestic', { destination: { ...booking('x').destination, postcode: 'ZZ9 9ZZ' } }),
    async lifecycle(carrier, b) {
      for (const [i, [typeCode, description]] of [['PU', 'Picked up'], ['AF', 'Arrived at facility'], ['WC', 'With delivery courier'], ['OK', 'Delivered']].entries()) {
        dhl.double.addEvent(b.consignmentNumber, { typeCode, description, at: new Date(Date.now() + (i + 1) * 60_000) });
      }
      return (await carrier.pollTracking!([b.trackingNumbers[0]]))[0];
    },
    submitsManifests: false,
  });
}

afterAll(() => expect(dhl.double.violations).toEqual([]));
