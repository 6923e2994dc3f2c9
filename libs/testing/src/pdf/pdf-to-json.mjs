// Reads a PDF from stdin with pdf.js (Mozilla's parser, as browsers use it) and prints, as JSON, each
// page's size in points and its text. Runs as its own process because pdf.js is ESM-only and the test
// runner loads CommonJS.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const doc = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), useSystemFonts: false, isEvalSupported: false }).promise;
const pages = [];
for (let n = 1; n <= doc.numPages; n++) {
  const page = await doc.getPage(n);
  const [x0, y0, x1, y1] = page.view;
  const content = await page.getTextContent();
  pages.push({ width: x1 - x0, height: y1 - y0, items: content.items.map((i) => i.str).filter((s) => s.trim() !== '') });
}
process.stdout.write(JSON.stringify({ pages }));
