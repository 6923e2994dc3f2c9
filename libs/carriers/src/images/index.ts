export { decodeGif, encodeGif } from './gif';
export { rasterToPng, pngChunk } from './png';
export { rotateClockwise, scaleTo, packBits, type Raster } from './raster';
