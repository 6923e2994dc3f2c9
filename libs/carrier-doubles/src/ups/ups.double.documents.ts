import { encodeGif } from '@waybill/carriers';

/**
 * The documents the UPS double hands out: a landscape GIF label (UPS's image labels come turned on
 * their side, 6 x 4 inches), a ZPL label, and a one-page commercial invoice PDF with real text.
 */
export function gifLabel(trackingNumber: string): Buffer {
  const width = 1218;
  const height = 812;
  const bars = Array.from(trackingNumber).map((c) => c.charCodeAt(0));
  return encodeGif(width, height, (x, y) => {
    if (x < 6 || y < 6 || x >= width - 6 || y >= height - 6) return true;
    if (y > 560 && y < 720 && x > 100 && x < 1100) return (bars[Math.floor((x - 100) / 56)] >> ((x >> 3) & 7)) & 1 ? true : false;
    return y > 80 && y < 200 && x > 60 && x < 260;
  });
}

export function zplLabel(trackingNumber: string, serviceCode: string, shipTo: { city?: string; postcode?: string; country?: string }): Buffer {
  return Buffer.from([
    '^XA', '^LH0,0', '^FO40,40^A0N,60,60^FDUPS^FS', `^FO40,120^A0N,40,40^FDSERVICE ${serviceCode}^FS`,
    `^FO40,180^A0N,30,30^FDSHIP TO: ${[shipTo.city, shipTo.postcode, shipTo.country].filter(Boolean).join(' ')}^FS`,
    `^FO40,260^BY3^BCN,160,Y,N,N^FD${trackingNumber}^FS`, `^FO40,480^A0N,30,30^FDTRACKING #: ${trackingNumber}^FS`, '^XZ', '',
  ].join('\n'), 'latin1');
}

const pdfText = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');

/** A minimal, valid one-page A4 PDF whose lines are extractable text. */
export function invoicePdf(lines: string[]): Buffer {
  const content = ['BT', '/F1 11 Tf', '50 790 Td', '14 TL', ...lines.map((l) => `(${pdfText(l)}) '`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
