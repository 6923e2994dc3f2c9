import type { TrackingStatus } from '@waybill/carrier-model';
import { NO_BRANDING } from '../branding/branding.repository';
import { buildView, type PageConsignment } from './page.view';
import { renderTrackingPage } from './page.html';

const consignment: PageConsignment = {
  company: 'acme', carrierName: 'Generic Carrier', serviceName: 'Generic Next Day GNXT', expectedDeliveryDate: '2026-11-24', packageCount: 2,
  trackingNumbers: ['GC1', 'GC2'], destination: { town: 'Leeds', district: 'LS1', country: 'GB', timeZone: 'Europe/London' },
};
const event = (status: TrackingStatus, hour: number, trackingNumber = 'GC1') => ({ trackingNumber, status, description: null, location: null, occurredAt: new Date(Date.UTC(2026, 10, 22, hour)) });

describe('tracking page content', () => {
  it('is LABEL_CREATED before any event, at the first step', () => {
    expect(buildView(consignment, [], NO_BRANDING)).toMatchObject({ status: 'LABEL_CREATED', step: 0, problem: false, merchant: { displayName: 'acme' } });
  });

  it('takes the newest event by carrier time, whatever order they were stored in, and lists events newest first', () => {
    const v = buildView(consignment, [event('OUT_FOR_DELIVERY', 12), event('IN_TRANSIT', 9, 'GC2'), event('INFO_RECEIVED', 8)], NO_BRANDING);
    expect([v.status, v.step]).toEqual(['OUT_FOR_DELIVERY', 2]);
    expect(v.events.map((e) => e.status)).toEqual(['OUT_FOR_DELIVERY', 'IN_TRANSIT', 'INFO_RECEIVED']);
    expect(v.packages).toEqual([{ trackingNumber: 'GC1', status: 'OUT_FOR_DELIVERY', packages: 1 }, { trackingNumber: 'GC2', status: 'IN_TRANSIT', packages: 1 }]);
  });

  it('never moves the progress line back for an older-looking newest event, and flags problems on top of it', () => {
    const rerouted = buildView(consignment, [event('OUT_FOR_DELIVERY', 10), event('IN_TRANSIT', 11)], NO_BRANDING);
    expect([rerouted.status, rerouted.step]).toEqual(['IN_TRANSIT', 2]);
    const failed = buildView(consignment, [event('OUT_FOR_DELIVERY', 10), event('DELIVERY_FAILED', 11)], NO_BRANDING);
    expect([failed.status, failed.step, failed.problem]).toEqual(['DELIVERY_FAILED', 2, true]);
    expect(renderTrackingPage(failed).html).toMatch(/<li class="bad" aria-current="step">Delivery failed/);
  });

  it('counts the packages sharing one number', () => {
    const v = buildView({ ...consignment, trackingNumbers: ['GC1'], packageCount: 3 }, [event('IN_TRANSIT', 9)], NO_BRANDING);
    expect(v.packages).toEqual([{ trackingNumber: 'GC1', status: 'IN_TRANSIT', packages: 3 }]);
    expect(renderTrackingPage(v).html).toContain('Your parcels are');
  });
});
