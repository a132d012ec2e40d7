/**
 * Real image files written without an image library, for the upload tests and the browser's
 * file picker: a PNG of any size (on node:zlib) and the header of a baseline JPEG.
 */
import { deflateSync } from 'node:zlib';
import { PNG_SIGNATURE, pngChunk } from '../../functions/core/uploads/testing';

/**
 * A real RGB PNG of the given size, decodable by any browser: a gradient of red across and green
 * down, on a constant blue (`blue` tells files of the same size apart).
 */
export { pngChunk };

export function png(width: number, height: number, blue = 160): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set([(x * 255) / width, (y * 255) / height, blue], row + 1 + x * 3);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real PNG padded with a text chunk to exactly `bytes` bytes (any browser still decodes it). */
export function pngOfSize(width: number, height: number, bytes: number): Buffer {
  const base = png(width, height);
  const iend = base.subarray(base.length - 12);
  const padding = bytes - base.length - 12;
  return Buffer.concat([base.subarray(0, base.length - 12), pngChunk('tEXt', Buffer.alloc(padding, 0x61)), iend]);
}

/**
 * A baseline JPEG of the given size as its structure goes (SOI, APP0, SOF0, a scan, EOI), enough for
 * size checks and for the upload's structural read (functions/core/uploads/image-rewrite.ts); its
 * scan data is not a real picture.
 */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0, 0];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03];
  const sos = [0xff, 0xda, 0x00, 0x0c, 0x03, 1, 0x00, 2, 0x11, 3, 0x11, 0x00, 0x3f, 0x00];
  return Buffer.from([
    0xff,
    0xd8,
    ...app0,
    ...sof0,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
    ...sos,
    0x12,
    0x34,
    0xff,
    0xd9,
  ]);
}
