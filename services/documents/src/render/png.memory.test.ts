import { layoutLabel } from '../labels/label.layout';
import { LABEL_SIZES } from '../labels/layout.model';
import { SERVICES, sampleFacts } from '../test-support/sample-consignment';
import { readPng } from '../test-support/decode';
import { pngLabels } from './png.writer';

const MB = 2 ** 20;

describe('PNG label memory', () => {
  it('keeps a 200-label run within a bounded memory growth (a synchronous loop held 4 MB a label: 800 MB)', async () => {
    const services = Object.values(SERVICES);
    const layouts = Array.from({ length: 200 }, (_, i) => {
      const service = services[i % services.length];
      return layoutLabel(sampleFacts(service, 1, service === SERVICES.globex ? 'US' : 'GB')[0], LABEL_SIZES['4x6']);
    });
    await pngLabels(layouts.slice(0, 5), 203); // fonts, the canvas and the encoder's scratch: not growth
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 5);
    try {
      const pngs = await pngLabels(layouts, 203);
      peak = Math.max(peak, process.memoryUsage().rss);
      expect(pngs).toHaveLength(200);
      expect([readPng(pngs[199]).width, readPng(pngs[199]).height]).toEqual([812, 1218]);
    } finally {
      clearInterval(sampler);
    }
    // Growth, not an absolute figure; measured about 55 MB here, against 820 MB for the same labels in a synchronous loop.
    expect(Math.round((peak - before) / MB)).toBeLessThan(300);
  });
});
