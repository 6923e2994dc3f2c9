import { code128, drawBarcode } from './barcode';

describe('Code 128', () => {
  it('encodes with start, check and stop symbols', () => {
    const code = code128('abc');
    expect(code.widths.slice(0, 6)).toEqual([2, 1, 1, 2, 1, 4]); // Start B
    expect(code.widths.slice(-7)).toEqual([2, 3, 3, 1, 1, 1, 2]); // Stop
    expect(code.modules).toBe(11 * 5 + 13); // start, three characters, check, stop
  });

  it('draws every bar as a vector rectangle spanning exactly the requested width', () => {
    const rects: Array<[number, number, number, number]> = [];
    const canvas = { rect(x: number, y: number, w: number, h: number) { rects.push([x, y, w, h]); return this; }, fill() { return this; } };
    const code = code128('0123456789abcdef0123456789abcdef');
    drawBarcode(canvas, code, 100, 10, 200, 34);
    expect(rects).toHaveLength(Math.ceil(code.widths.length / 2));
    const [lastX, , lastW] = rects.at(-1)!;
    expect(lastX + lastW).toBeCloseTo(300, 6);
    expect(rects.every(([, y, , h]) => y === 10 && h === 34)).toBe(true);
  });
});
