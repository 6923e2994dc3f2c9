/** A greyscale picture: one byte a pixel (0 black, 255 white), rows top to bottom. */
export interface Raster {
  width: number;
  height: number;
  grey: Uint8Array;
}

/** The picture turned a quarter clockwise (a landscape carrier label onto a portrait page). */
export function rotateClockwise(r: Raster): Raster {
  const out = new Uint8Array(r.width * r.height);
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) out[x * r.height + (r.height - 1 - y)] = r.grey[y * r.width + x];
  }
  return { width: r.height, height: r.width, grey: out };
}

/** Nearest-neighbour scaling to an exact size (labels are black and white: no smoothing wanted). */
export function scaleTo(r: Raster, width: number, height: number): Raster {
  const out = new Uint8Array(width * height);
  const columns = new Int32Array(width);
  for (let x = 0; x < width; x++) columns[x] = Math.min(r.width - 1, Math.floor((x * r.width) / width));
  let lastSource = -1;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(r.height - 1, Math.floor((y * r.height) / height));
    const row = y * width;
    // Consecutive rows from the same source row (scaling up) are copies of the first.
    if (sy === lastSource) {
      out.copyWithin(row, row - width, row);
      continue;
    }
    const from = sy * r.width;
    for (let x = 0; x < width; x++) out[row + x] = r.grey[from + columns[x]];
    lastSource = sy;
  }
  return { width, height, grey: out };
}

/** Rows of 1-bit pixels (1 = black, MSB first), as ZPL's ^GF and printers take them. */
export function packBits(r: Raster, threshold = 128): { bytes: Uint8Array; bytesPerRow: number } {
  const bytesPerRow = Math.ceil(r.width / 8);
  const bytes = new Uint8Array(bytesPerRow * r.height);
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) if (r.grey[y * r.width + x] < threshold) bytes[y * bytesPerRow + (x >> 3)] |= 0x80 >> (x & 7);
  }
  return { bytes, bytesPerRow };
}
