import { readPdf } from './read-pdf';

// A minimal hand-written one-page A4 PDF with one line of text, so the reader is tested without a writer.
function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.28 841.89] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe('readPdf', () => {
  it('reports page size and text', async () => {
    const { pages } = await readPdf(tinyPdf('Hello manifest 42'));
    expect(pages).toHaveLength(1);
    expect(pages[0].width).toBeCloseTo(595.28, 1);
    expect(pages[0].height).toBeCloseTo(841.89, 1);
    expect(pages[0].text).toContain('Hello manifest 42');
  });

  it('rejects bytes that are not a PDF', async () => {
    await expect(readPdf(Buffer.from('not a pdf at all'))).rejects.toThrow(/not a readable PDF/);
  });
});
