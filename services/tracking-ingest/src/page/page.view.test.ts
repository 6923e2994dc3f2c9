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

describe('late parcels', () => {
  const now = new Date('2026-11-26T10:00:00Z');
  const base = { ...consignment, trackingNumbers: ['GC1'], packageCount: 1 };

  it('are flagged once the expected date has passed where the parcel goes, until it is delivered', () => {
    const late = buildView(base, [event('IN_TRANSIT', 9)], NO_BRANDING, now);
    expect(late.late).toBe(true);
    const html = renderTrackingPage(late, 'en').html;
    expect(html).toContain('<strong>Running late</strong> Your parcel was expected Tuesday 24 November and has not been delivered yet.');
    expect(html).not.toContain('class="eta"');
    expect(buildView(base, [event('IN_TRANSIT', 9), event('DELIVERED', 12)], NO_BRANDING, now).late).toBe(false);
    expect(buildView(base, [event('RETURNED', 12)], NO_BRANDING, now).late).toBe(false);
    expect(buildView({ ...base, expectedDeliveryDate: '2026-11-26' }, [event('IN_TRANSIT', 9)], NO_BRANDING, now).late).toBe(false);
    expect(buildView({ ...base, expectedDeliveryDate: null }, [event('IN_TRANSIT', 9)], NO_BRANDING, now).late).toBe(false);
  });

  it('count the destination\u2019s calendar: already the next day in Auckland', () => {
    const nz = { ...base, expectedDeliveryDate: '2026-11-26', destination: { ...base.destination, timeZone: 'Pacific/Auckland' } };
    expect(buildView(nz, [], NO_BRANDING, new Date('2026-11-26T12:00:00Z')).late).toBe(true);
    expect(buildView(nz, [], NO_BRANDING, new Date('2026-11-26T10:00:00Z')).late).toBe(false);
  });

  it('stay late while one parcel of several is still out', () => {
    const v = buildView(consignment, [event('DELIVERED', 9, 'GC2'), event('IN_TRANSIT', 8)], NO_BRANDING, now);
    expect([v.status, v.late]).toEqual(['DELIVERED', true]);
  });
});

describe('the page in each language', () => {
  it('says <html lang>, translates every fixed word and formats dates for the language', () => {
    const v = buildView({ ...consignment, expectedDeliveryDate: '2026-11-30' }, [event('IN_TRANSIT', 9)], NO_BRANDING, new Date('2026-11-22T12:00:00Z'));
    const ga = renderTrackingPage(v, 'ga').html;
    expect(ga).toContain('<html lang="ga">');
    expect(ga).toContain('<h1 id="status">Ar an mbealach</h1>');
    expect(ga).toContain('Seachadadh measta: Dé Luain 30 Samhain');
    expect(ga).toContain('Tá do bheartanna ag taisteal');
    const de = renderTrackingPage(v, 'de').html;
    expect(de).toContain('<html lang="de">');
    expect(de).toContain('Voraussichtlich am Montag, 30. November');
    expect(de).toContain('So., 22. Nov.');
    const pl = renderTrackingPage(v, 'pl').html;
    expect(pl).toContain('<h2 id="history">Historia przesyłki</h2>');
    for (const html of [ga, de, pl]) expect(html).not.toMatch(/Delivery details|Tracking history|Label created/);
  });
});
