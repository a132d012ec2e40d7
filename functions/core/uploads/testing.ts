/**
 * PNG files built by hand for the upload tests (here and in test/support/images.ts): the chunk
 * writer with its CRC, and a small PNG as its structure goes (signature, IHDR, any extra chunks,
 * IDAT, IEND), which is what the upload's image check and re-write read.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data and the CRC of type and data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  let c = 0xffffffff;
  for (const b of typed) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  typed.copy(out, 4);
  out.writeUInt32BE((c ^ 0xffffffff) >>> 0, 8 + data.length);
  return out;
}

/** The IHDR of an 8-bit truecolour, non-interlaced PNG of the given size. */
export function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return pngChunk('IHDR', ihdr);
}

/** A PNG of the given size with `extra` chunks before its (blank) image data. */
export function structuralPng(width: number, height: number, extra: Buffer[] = []): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    pngHeader(width, height),
    ...extra,
    pngChunk('IDAT', deflateSync(Buffer.alloc(width * 7))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
