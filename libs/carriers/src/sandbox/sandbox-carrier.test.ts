import { CarrierRejection, crossesCustomsBorder, sandboxRegistry } from '../index';

const registry = sandboxRegistry('http://localhost:8080');
const gb = { address1: '1 A St', city: 'London', postcode: 'E1 6AN', country: 'GB' };
const booking = (carrier: string, service: string, over: Record<string, unknown> = {}) => registry.find(carrier)!.book({
  company: 'c', consignmentIdentifier: 'id', orderNumber: 'o', serviceName: service, origin: gb,
  destination: { address1: '2 B St', city: 'Leeds', postcode: 'LS1 1AA', country: 'GB' },
  parcels: [{ weightKg: 1, lengthCm: null, widthCm: null, heightCm: null }, { weightKg: 2, lengthCm: null, widthCm: null, heightCm: null }],
  options: { signature_required: 'true', unknown_option: 'x' }, ...over,
});

describe('sandbox carriers', () => {
  it('finds carriers by identifier or name and services by "<carrier name>|<service name>"', () => {
    expect(registry.find('Generic Carrier')?.identifier).toBe('generic');
    expect(registry.findService('Generic Carrier|Generic Domestic Service GDOM')?.service.code).toBe('GDOM');
    expect(registry.findService('generic|generic domestic service gdom')?.service.code).toBe('GDOM');
    expect(registry.findService('Generic Carrier|Nope')).toBeUndefined();
  });

  it('gives per-package numbers where the carrier supports them, one number otherwise', async () => {
    const g = await booking('generic', 'Generic Domestic Service GDOM');
    expect(new Set(g.trackingNumbers).size).toBe(2);
    const s = await booking('swiftpost', 'SwiftPost 24');
    expect(s.trackingNumbers[0]).toBe(s.trackingNumbers[1]);
    expect(s.consignmentNumber).toBe(s.trackingNumbers[0]);
  });

  it('applies only the options the carrier knows', async () => {
    expect((await booking('generic', 'Generic Domestic Service GDOM')).appliedOptions).toEqual({ signature_required: 'true' });
  });

  it('refuses parcels over the weight limit, routes it does not serve and bad postcodes', async () => {
    await expect(booking('parcelink', 'Parcelink Standard', { parcels: [{ weightKg: 11, lengthCm: null, widthCm: null, heightCm: null }] })).rejects.toBeInstanceOf(CarrierRejection);
    await expect(booking('swiftpost', 'SwiftPost 24', { destination: { address1: 'x', city: 'NYC', postcode: '10001', country: 'US' } })).rejects.toThrow(/does not deliver to US/);
    await expect(booking('generic', 'Generic Domestic Service GDOM', { destination: { address1: 'x', city: 'L', postcode: 'NOPE', country: 'GB' } })).rejects.toThrow(/postcode/);
  });

  it('knows which routes cross a customs border', () => {
    expect(crossesCustomsBorder('GB', 'US')).toBe(true);
    expect(crossesCustomsBorder('GB', 'IE')).toBe(true);
    expect(crossesCustomsBorder('GB', 'GB')).toBe(false);
    expect(crossesCustomsBorder('DE', 'FR')).toBe(false);
    expect(registry.find('globex')!.requiresCustoms('GB', 'US')).toBe(true);
    expect(registry.find('generic')!.requiresCustoms('GB', 'US')).toBe(false);
  });
});
