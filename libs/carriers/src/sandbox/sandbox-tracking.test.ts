import { inflateSync } from 'node:zlib';
import { TrackingPushError, sandboxRegistry, TRACKING_STATUSES } from '../index';

const registry = sandboxRegistry();

describe('sandbox carrier tracking', () => {
  it('maps every code of every carrier onto a normalised status', () => {
    for (const carrier of registry.carriers) {
      expect(Object.keys(carrier.trackingCodes).length).toBeGreaterThan(0);
      for (const status of Object.values(carrier.trackingCodes)) expect(TRACKING_STATUSES).toContain(status);
      expect(Object.values(carrier.trackingCodes)).toEqual(expect.arrayContaining(['IN_TRANSIT', 'DELIVERED', 'EXCEPTION']));
    }
  });

  it('reads the Globex native push into the generic shape', () => {
    const parsed = registry.find('globex')!.parseTrackingPush({
      shipments: [{ awb: ' 1ZAB12345678901234 ', checkpoints: [{ code: 'PU', time: '2026-11-20T08:00:00+01:00', text: 'Picked up', place: 'LONDON GB' }, { code: 'OK', time: '2026-11-21T10:15:00Z' }] }],
    });
    expect(parsed).toEqual({
      trackings: [{
        tracking_number: '1ZAB12345678901234',
        events: [
          { carrier_code: 'PU', timestamp: '2026-11-20T08:00:00+01:00', description: 'Picked up', location: 'LONDON GB' },
          { carrier_code: 'OK', timestamp: '2026-11-21T10:15:00Z', description: null, location: null },
        ],
      }],
    });
  });

  it('names the native fields that are wrong', () => {
    const globex = registry.find('globex')!;
    let error: unknown;
    try {
      globex.parseTrackingPush({ shipments: [{ awb: '', checkpoints: [{ time: 'x' }] }] });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(TrackingPushError);
    expect(Object.keys((error as TrackingPushError).errors)).toEqual(['shipments.0.awb', 'shipments.0.checkpoints.0.code']);
  });

  it('leaves bodies that are not its native format to the generic reader', () => {
    expect(registry.find('globex')!.parseTrackingPush({ trackings: [] })).toBeNull();
    expect(registry.find('generic')!.parseTrackingPush({ shipments: [] })).toBeNull();
  });

  it('gives the same proof of delivery for the same parcel, as real SVG and PNG files', async () => {
    const globex = registry.find('globex')!;
    const a = await globex.proofOfDelivery({ trackingNumber: '1ZAB1', consignmentNumber: 'GX1' });
    const b = await globex.proofOfDelivery({ trackingNumber: '1ZAB1', consignmentNumber: 'GX1' });
    const other = await globex.proofOfDelivery({ trackingNumber: '1ZAB2', consignmentNumber: 'GX1' });
    expect(a.map((d) => [d.file_type, d.proof_of_delivery_type, d.package_tracking_number])).toEqual([
      ['image/svg+xml', 'signature', '1ZAB1'], ['image/png', 'image', '1ZAB1'],
    ]);
    expect(a[0].bytes.equals(b[0].bytes) && a[1].bytes.equals(b[1].bytes)).toBe(true);
    expect(a[0].bytes.equals(other[0].bytes)).toBe(false);
    expect(a[0].bytes.toString()).toMatch(/^<\?xml[\s\S]*<svg [\s\S]*<path d="M [\s\S]*Signed for parcel 1ZAB1[\s\S]*<\/svg>\s*$/);
    const png = a[1].bytes;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([160, 120]);
    const idatLength = png.readUInt32BE(33);
    expect(inflateSync(png.subarray(41, 41 + idatLength)).length).toBe(120 * (1 + 160 * 3));
  });

  it('ties the document to a package only where the carrier tracks packages', async () => {
    const [doc] = await registry.find('swiftpost')!.proofOfDelivery({ trackingNumber: 'SP1GB', consignmentNumber: 'SP1GB' });
    expect(doc.package_tracking_number).toBeUndefined();
  });
});
