import type { TrackingStatus } from '@waybill/carrier-model';
import { deriveProgress, type ParcelTimeline } from './progress.rules';

const at = (h: number) => new Date(Date.UTC(2026, 10, 22, h));
const parcel = (status: TrackingStatus | null, h = 10, despatched = status !== null && ['IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED'].includes(status)): ParcelTimeline => ({
  latest: status === null ? null : { status, at: at(h) }, despatched,
});

describe('deriveProgress', () => {
  it('is Despatched once any package is on its way', () => {
    expect(deriveProgress([parcel('IN_TRANSIT', 9), parcel(null)])).toEqual({ status: 'Despatched', at: at(9) });
    expect(deriveProgress([parcel('OUT_FOR_DELIVERY'), parcel('INFO_RECEIVED')])?.status).toBe('Despatched');
    expect(deriveProgress([parcel('INFO_RECEIVED')])).toBeNull();
    expect(deriveProgress([])).toBeNull();
  });

  it('is Delivered only once every package is delivered', () => {
    expect(deriveProgress([parcel('DELIVERED', 11), parcel('OUT_FOR_DELIVERY', 9)])).toEqual({ status: 'Despatched', at: at(11) });
    expect(deriveProgress([parcel('DELIVERED', 11), parcel(null)])?.status).toBe('Despatched');
    expect(deriveProgress([parcel('DELIVERED', 11), parcel('DELIVERED', 12)])).toEqual({ status: 'Delivered', at: at(12) });
  });

  it('is Exception while any package latest event is a problem, whatever the others say', () => {
    for (const problem of ['DELIVERY_FAILED', 'EXCEPTION', 'RETURNED'] as const) {
      expect(deriveProgress([parcel('DELIVERED', 12), parcel(problem, 10, true)])?.status).toBe('Exception');
    }
    expect(deriveProgress([parcel('OUT_FOR_DELIVERY', 13), parcel('IN_TRANSIT', 12)])?.status).toBe('Despatched');
  });

  it('stays Despatched when a later event of a despatched parcel is mere information', () => {
    expect(deriveProgress([parcel('INFO_RECEIVED', 12, true)])?.status).toBe('Despatched');
  });
});
