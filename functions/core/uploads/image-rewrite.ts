/**
 * What is stored and served of an uploaded image: the image alone. The file is read to its end by
 * its own structure (PNG chunks with their CRCs, GIF blocks, JPEG segments and entropy-coded scans,
 * WebP's RIFF chunks) and written anew from the parts that make the picture: text, comments,
 * Exif/XMP metadata, unknown chunks and any bytes after the image's end are left out. A file that
 * does not read to a proper end is no image (undefined). So bytes smuggled after the header or in a
 * text chunk (HTML, script: a polyglot file) are never served from the product's origin, and
 * metadata such as a photo's GPS position is not published.
 *
 * A re-encode without an image library: the pixels are kept exactly as they were compressed.
 * Dropping Exif also drops a JPEG's orientation tag (a photo taken sideways shows sideways).
 */
import { crc32 } from 'node:zlib';
import type { ImageFormat } from './image-sniff';

type Bytes = Uint8Array;

const u16be = (b: Bytes, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u32be = (b: Bytes, at: number) => ((b[at] ?? 0) * 2 ** 24 + u16be(b, at + 1) * 256 + (b[at + 3] ?? 0)) >>> 0;
const u32le = (b: Bytes, at: number) =>
  ((b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16) | ((b[at + 3] ?? 0) << 24)) >>> 0;
const ascii = (b: Bytes, at: number, len: number) =>
  b.length >= at + len ? String.fromCharCode(...b.subarray(at, at + len)) : '';

function concat(parts: Bytes[]): Bytes {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// PNG -------------------------------------------------------------------------------------------

/** The chunks that draw the picture (PNG 3rd edition, APNG); text, Exif, time and unknown ones are dropped. */
const PNG_KEEP = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'bKGD',
  'pHYs',
  'acTL',
  'fcTL',
  'fdAT',
]);

function png(b: Bytes): Bytes | undefined {
  const parts: Bytes[] = [b.subarray(0, 8)];
  let at = 8;
  let first = true;
  let sawData = false;
  while (at + 12 <= b.length) {
    const length = u32be(b, at);
    const type = ascii(b, at + 4, 4);
    const end = at + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > b.length) return undefined;
    if (crc32(b.subarray(at + 4, at + 8 + length)) !== u32be(b, at + 8 + length)) return undefined;
    if (first && type !== 'IHDR') return undefined;
    first = false;
    if (type === 'IDAT' || type === 'fdAT') sawData = true;
    if (PNG_KEEP.has(type)) parts.push(b.subarray(at, end));
    // An unknown critical chunk (upper-case first letter): decoders refuse the file.
    else if (type.charCodeAt(0) < 0x61) return undefined;
    if (type === 'IEND') return sawData ? concat(parts) : undefined;
    at = end;
  }
  return undefined; // no IEND: the file does not end as a PNG
}

// GIF -------------------------------------------------------------------------------------------

/** The data sub-blocks starting at `at` (each a length byte, then that many bytes; a 0 ends them): their end. */
function subBlocksEnd(b: Bytes, at: number): number | undefined {
  let i = at;
  while (i < b.length) {
    const size = b[i] ?? 0;
    i += 1 + size;
    if (size === 0) return i <= b.length ? i : undefined;
  }
  return undefined;
}

const LOOPING = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);

function gif(b: Bytes): Bytes | undefined {
  if (b.length < 13) return undefined;
  const packed = b[10] ?? 0;
  let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0);
  if (at > b.length) return undefined;
  const parts: Bytes[] = [b.subarray(0, at)];
  let images = 0;
  while (at < b.length) {
    const introducer = b[at];
    if (introducer === 0x3b) {
      parts.push(b.subarray(at, at + 1));
      return images > 0 ? concat(parts) : undefined;
    }
    if (introducer === 0x2c) {
      if (at + 10 > b.length) return undefined;
      const local = b[at + 9] ?? 0;
      const table = local & 0x80 ? 3 * 2 ** ((local & 7) + 1) : 0;
      const end = subBlocksEnd(b, at + 10 + table + 1); // after the LZW minimum code size
      if (end === undefined) return undefined;
      parts.push(b.subarray(at, end));
      images++;
      at = end;
      continue;
    }
    if (introducer === 0x21) {
      const label = b[at + 1];
      const end = subBlocksEnd(b, at + 2);
      if (end === undefined || label === undefined) return undefined;
      // Graphic control (timing, transparency) and the looping extension are part of the picture;
      // comments, plain text and other applications' blocks are not.
      const keep = label === 0xf9 || (label === 0xff && b[at + 2] === 11 && LOOPING.has(ascii(b, at + 3, 11)));
      if (keep) parts.push(b.subarray(at, end));
      at = end;
      continue;
    }
    return undefined;
  }
  return undefined; // no trailer
}

// JPEG ------------------------------------------------------------------------------------------

/** Segments kept as they are: tables, frames, restart interval, arithmetic conditioning, line count. */
const isJpegStructure = (m: number) =>
  m === 0xdb || m === 0xc4 || m === 0xdd || m === 0xcc || m === 0xdc || (m >= 0xc0 && m <= 0xcf && m !== 0xc8);
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

/** APPn segments that describe how to show the picture: JFIF, the ICC colour profile, Adobe's colour transform. */
function keepApp(b: Bytes, marker: number, body: number): boolean {
  if (marker === 0xe0) return ascii(b, body, 5) === 'JFIF\0' || ascii(b, body, 5) === 'JFXX\0';
  if (marker === 0xe2) return ascii(b, body, 12) === 'ICC_PROFILE\0';
  if (marker === 0xee) return ascii(b, body, 5) === 'Adobe';
  return false;
}

function jpeg(b: Bytes): Bytes | undefined {
  const parts: Bytes[] = [b.subarray(0, 2)];
  let at = 2;
  let frame = false;
  let scan = false;
  while (at < b.length) {
    if (b[at] !== 0xff) return undefined;
    while (b[at] === 0xff) at++; // fill bytes
    const marker = b[at];
    if (marker === undefined) return undefined;
    at++;
    if (marker === 0xd9) {
      parts.push(Uint8Array.of(0xff, 0xd9));
      return frame && scan ? concat(parts) : undefined;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xd8) return undefined;
    const length = u16be(b, at);
    const end = at + length;
    if (length < 2 || end > b.length) return undefined;
    const segment = b.subarray(at - 2, end);
    if (marker >= 0xe0 && marker <= 0xef) {
      if (keepApp(b, marker, at + 2)) parts.push(segment);
    } else if (marker === 0xfe) {
      // a comment: dropped
    } else if (marker === 0xda) {
      if (!frame) return undefined;
      scan = true;
      parts.push(segment);
      // The entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
      let i = end;
      while (
        i + 1 < b.length &&
        !(b[i] === 0xff && b[i + 1] !== 0x00 && !((b[i + 1] ?? 0) >= 0xd0 && (b[i + 1] ?? 0) <= 0xd7))
      )
        i++;
      if (i + 1 >= b.length) return undefined;
      parts.push(b.subarray(end, i));
      at = i;
      continue;
    } else if (isJpegStructure(marker)) {
      if (isStartOfFrame(marker)) frame = true;
      parts.push(segment);
    } else {
      return undefined; // a marker no baseline or progressive decoder expects
    }
    at = end;
  }
  return undefined; // no end-of-image marker
}

// WebP ------------------------------------------------------------------------------------------

const WEBP_KEEP = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
/** VP8X flags of the metadata chunks that are dropped (Exif and XMP). */
const VP8X_METADATA_FLAGS = 0x08 | 0x04;

function webp(b: Bytes): Bytes | undefined {
  const riffEnd = u32le(b, 4) + 8;
  if (riffEnd > b.length || riffEnd < 20) return undefined;
  const chunks: Bytes[] = [];
  let at = 12;
  let picture = false;
  while (at < riffEnd) {
    if (at + 8 > riffEnd) return undefined;
    const fourcc = ascii(b, at, 4);
    const size = u32le(b, at + 4);
    const end = at + 8 + size + (size % 2);
    if (end > riffEnd && !(end === riffEnd + 1 && size % 2 === 1)) return undefined;
    if (WEBP_KEEP.has(fourcc)) {
      if (fourcc === 'VP8 ' || fourcc === 'VP8L' || fourcc === 'ANMF') picture = true;
      const chunk = new Uint8Array(8 + size + (size % 2));
      chunk.set(b.subarray(at, Math.min(end, b.length)));
      if (fourcc === 'VP8X') chunk[8] = (chunk[8] ?? 0) & ~VP8X_METADATA_FLAGS;
      chunks.push(chunk);
    }
    at = end;
  }
  if (!picture) return undefined;
  const body = concat(chunks);
  const head = new Uint8Array(12);
  head.set(b.subarray(0, 12));
  new DataView(head.buffer).setUint32(4, body.length + 4, true);
  return concat([head, body]);
}

const WRITERS: Record<ImageFormat, (b: Bytes) => Bytes | undefined> = { png, gif, jpeg, webp };

/**
 * The image of `bytes` (already recognised as `format` by sniffImage) written anew from its picture
 * alone, or undefined when the file does not read as that format to its end.
 */
export function rewriteImage(bytes: Uint8Array, format: ImageFormat): Uint8Array | undefined {
  try {
    return WRITERS[format](bytes);
  } catch {
    return undefined;
  }
}
