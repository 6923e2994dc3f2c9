// Renders PDF pages to grey pixels with pdf.js (Mozilla's PDF engine) on a canvas (@napi-rs/canvas).
// Runs in a worker thread: pdf.js is ESM only, and a thread keeps the rendering off the request path.
import { parentPort } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createCanvas } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);
const FONTS = `${join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function render(pdf, dpi) {
  const doc = await getDocument({ data: pdf, isEvalSupported: false, standardFontDataUrl: FONTS, verbosity: 0 }).promise;
  try {
    const pages = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale: dpi / 72 });
      const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvasContext: ctx, viewport, canvas }).promise;
      const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      const grey = new Uint8Array(canvas.width * canvas.height);
      for (let i = 0, j = 0; j < grey.length; i += 4, j++) grey[j] = (rgba[i] * 299 + rgba[i + 1] * 587 + rgba[i + 2] * 114) / 1000;
      pages.push({ width: canvas.width, height: canvas.height, grey });
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

parentPort.on('message', ({ id, pdf, dpi }) => {
  render(pdf, dpi).then(
    (pages) => parentPort.postMessage({ id, pages }, pages.map((p) => p.grey.buffer)),
    (err) => parentPort.postMessage({ id, error: String(err?.message ?? err) }),
  );
});
