import { layoutLabel } from '../labels/label.layout';
import { LABEL_SIZES } from '../labels/layout.model';
import { SERVICES, sampleFacts } from '../test-support/sample-consignment';
import { inflate } from '../test-support/decode';
import { crc16ccitt, packRows } from './zpl.graphic';
import { zplLabel } from './zpl.writer';

const label = (service: string, dpi = 203, compression: 'none' | 'z64' = 'none', country = 'GB') =>
  zplLabel(layoutLabel(sampleFacts(service, 1, country)[0], LABEL_SIZES['4x6']), { dpi, compression });

describe('ZPL writer', () => {
  it('writes one ^XA…^XZ block sized for the printer resolution', () => {
    for (const [dpi, w, h] of [[203, 812, 1218], [300, 1200, 1800]]) {
      const zpl = label(SERVICES.generic, dpi);
      expect(zpl.match(/\^XA/g)).toHaveLength(1);
      expect(zpl.startsWith('^XA')).toBe(true);
      expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
      expect(zpl).toContain(`^PW${w}^LL${h}`);
      expect(zpl).toContain('^CI28');
    }
  });

  it("uses the printer's own Code 128 and DataMatrix/QR commands, never a bitmap of the codes", () => {
    const [facts] = sampleFacts(SERVICES.generic, 1);
    const generic = label(SERVICES.generic);
    expect(generic).toMatch(new RegExp(`\\^BY3\\^FO\\d+,\\d+\\^BCN,\\d+,N,N,N,A\\^FD${facts.trackingNumber}\\^FS`));
    expect(generic).toContain(`^BXN,6,200^FD${facts.routingCode}^FS`);
    expect(generic).not.toContain('^GF');
    expect(label(SERVICES.globex, 203, 'none', 'US')).toMatch(/\^BQN,2,6\^FDMA,GLX\*GXEX\*GB>US\*10118\*/);
    expect(label(SERVICES.generic, 300)).toMatch(/\^BY4\^FO/);
  });

  it('prints text as text, escaping the command characters of the data', () => {
    const zpl = zplLabel(layoutLabel(sampleFacts(SERVICES.generic, 1, 'GB', { order_number: 'A^B~C_D' })[0], LABEL_SIZES['4x6']), { dpi: 203, compression: 'none' });
    expect(zpl).toContain('^FH^FDORDER A_5EB_7EC_5FD^FS');
    expect(zpl).toContain('^FDAda Lovelace^FS');
  });

  it('adds the media tracking a carrier needs (SwiftPost: gap sensing)', () => {
    expect(label(SERVICES.swiftpost)).toContain('^MNY');
    expect(label(SERVICES.generic)).not.toContain('^MN');
  });

  it('sends the carrier mark as an ASCII-hex ^GF, or deflated Base64 with a valid CRC under z64', () => {
    const plain = label(SERVICES.swiftpost, 203, 'none');
    const hex = /\^GFA,(\d+),(\d+),(\d+),([0-9A-F]+)\^FS/.exec(plain)!;
    expect(hex[4].length).toBe(Number(hex[1]) * 2);
    const z = /\^GFA,(\d+),(\d+),(\d+),:Z64:([A-Za-z0-9+/=]+):([0-9a-f]{4})\^FS/.exec(label(SERVICES.swiftpost, 203, 'z64'))!;
    expect(z).not.toBeNull();
    expect(crc16ccitt(z[4])).toBe(parseInt(z[5], 16));
    const bytes = inflate(new Uint8Array(Buffer.from(z[4], 'base64')));
    expect(Buffer.from(bytes).toString('hex').toUpperCase()).toBe(hex[4]);
    expect(z[4].length).toBeLessThan(hex[4].length);
  });

  it('computes the CRC-16/CCITT the printer checks', () => {
    expect(crc16ccitt('123456789')).toBe(0x31c3);
    const { bytes, bytesPerRow } = packRows(['#.', '.#'], 4);
    expect(bytesPerRow).toBe(1);
    expect([...bytes]).toEqual([0xf0, 0xf0, 0xf0, 0xf0, 0x0f, 0x0f, 0x0f, 0x0f]);
  });
});
