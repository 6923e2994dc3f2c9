// Renders ZPL labels to grey pixels with zpl-renderer-js (Zebrash, a Go ZPL renderer, compiled to WebAssembly)
// and decodes its PNGs on a canvas (@napi-rs/canvas). Runs in a worker thread: the WebAssembly module is large
// (loaded on the first label only) and rendering is CPU work that must stay off the request path.
import { parentPort } from 'node:worker_threads';
import { createCanvas, loadImage } from '@napi-rs/canvas';

let api;
const renderer = async () => (api ??= (await import('zpl-renderer-js')).getApi());

const dotsOf = (zpl, command) => {
  const m = new RegExp(`\\^${command}\\s*(\\d+)`).exec(zpl);
  return m ? Number(m[1]) : undefined;
};

async function greyOf(pngBase64) {
  const img = await loadImage(Buffer.from(pngBase64, 'base64'));
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, img.width, img.height);
  ctx.drawImage(img, 0, 0);
  const rgba = ctx.getImageData(0, 0, img.width, img.height).data;
  const grey = new Uint8Array(img.width * img.height);
  for (let i = 0, j = 0; j < grey.length; i += 4, j++) grey[j] = (rgba[i] * 299 + rgba[i + 1] * 587 + rgba[i + 2] * 114) / 1000;
  return { width: img.width, height: img.height, grey };
}

/** The label's rows down to its last inked one, never shorter than `min` rows. */
function trimmed(r, min) {
  let last = r.height - 1;
  while (last >= min && r.grey.subarray(last * r.width, (last + 1) * r.width).every((v) => v >= 128)) last--;
  const height = Math.max(min, last + 1);
  return height === r.height ? r : { width: r.width, height, grey: r.grey.slice(0, height * r.width) };
}

/**
 * Every label (^XA..^XZ) in `zpl`, at the printer resolution it was written for (`dpmm` dots a millimetre):
 * as wide as its ^PW (else `width` dots) and as long as its ^LL; without ^LL, drawn on `maxHeight` dots and cut
 * after its last inked row, never shorter than `height` dots, so nothing the carrier printed is lost.
 */
async function render(zpl, { dpmm, width, height, maxHeight }) {
  const zplApi = await renderer();
  const w = dotsOf(zpl, 'PW') ?? width;
  const ll = dotsOf(zpl, 'LL');
  const pngs = await zplApi.zplToBase64MultipleAsync(zpl, w / dpmm, (ll ?? maxHeight) / dpmm, dpmm);
  const pages = [];
  for (const png of pngs) {
    const r = await greyOf(png);
    pages.push(ll === undefined ? trimmed(r, height) : r);
  }
  return pages;
}

parentPort.on('message', ({ id, zpl, size }) => {
  render(zpl, size).then(
    (pages) => parentPort.postMessage({ id, pages }, pages.map((p) => p.grey.buffer)),
    (err) => parentPort.postMessage({ id, error: String(err?.message ?? err) }),
  );
});
