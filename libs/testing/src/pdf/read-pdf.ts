import { execFile } from 'node:child_process';
import { join } from 'node:path';

export interface PdfPage {
  /** Points (1/72 inch): A4 is 595.28 × 841.89. */
  width: number;
  height: number;
  /** Text runs in content order, blanks dropped. */
  items: string[];
  /** The runs joined by spaces, for `toContain` checks. */
  text: string;
}

/**
 * Parses a PDF with a real PDF parser (pdf.js), as a person's viewer would, so tests assert what a reader
 * sees: page count, page size and the text on each page. Invalid PDFs reject.
 */
export function readPdf(pdf: Buffer): Promise<{ pages: PdfPage[] }> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [join(__dirname, 'pdf-to-json.mjs')], { maxBuffer: 256 * 1024 * 1024, env: { ...process.env, NODE_OPTIONS: '' } }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`not a readable PDF: ${stderr || err.message}`));
      const parsed = JSON.parse(stdout) as { pages: Array<Omit<PdfPage, 'text'>> };
      resolve({ pages: parsed.pages.map((p) => ({ ...p, text: p.items.join(' ') })) });
    });
    child.stdin!.end(pdf);
  });
}
