import { eventually } from '@waybill/testing';
import { rasterThread } from './raster-thread';

const ZPL = Buffer.from('^XA^FO20,20^GB100,100,100^FS^XZ').toString('latin1');
const size = { dpmm: 8, width: 200, height: 200, maxHeight: 400 };

describe('a rendering thread', () => {
  it('ends after being idle and starts again for the next job, which still gets its answer', async () => {
    const thread = rasterThread('zpl-raster.worker.mjs', 'could not render', 50);
    expect(thread.running()).toBe(false);
    const [first] = await thread.render({ zpl: ZPL, size });
    expect([first.width, first.height, first.grey[50 * 200 + 50]]).toEqual([200, 200, 0]);
    await eventually(() => !thread.running(), { timeoutMs: 5000, what: 'the idle thread to end' });
    const [again] = await Promise.all([thread.render({ zpl: ZPL, size }), thread.render({ zpl: ZPL, size })]);
    expect(again[0].grey[50 * 200 + 50]).toBe(0);
    expect(thread.running()).toBe(true);
  });

  it("reports the worker's error with what failed", async () => {
    const thread = rasterThread('zpl-raster.worker.mjs', 'could not render', 50);
    await expect(thread.render({ zpl: 'nothing', size })).rejects.toThrow(/^could not render: .*no labels parsed/i);
  });
});
