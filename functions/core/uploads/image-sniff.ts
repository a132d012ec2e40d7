/**
 * Recognises an image by its bytes, never by its name or declared type, and reads its size from
 * the header. Only PNG, JPEG, GIF and WebP are accepted: SVG in particular is refused (it is a
 * document that can carry script), as is anything whose header is not a well-formed raster image.
 */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export interface ImageInfo {
  format: ImageFormat;
  contentType: string;
  extension: string;
  width: number;
  height: number;
}

const TYPES: Record<ImageFormat, { contentType: string; extension: string }> = {
  png: { contentType: 'image/png', extension: 'png' },
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  gif: { contentType: 'image/gif', extension: 'gif' },
  webp: { contentType: 'image/webp', extension: 'webp' },
};

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0): boolean =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, at: number, len: number): string =>
  b.length >= at + len ? String.fromCharCode(...b.subarray(at, at + len)) : '';
const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at] ?? 0) * 2 ** 24 + u16be(b, at + 1) * 256 + (b[at + 3] ?? 0)) >>> 0;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

function png(b: Uint8Array): [number, number] | undefined {
  // The first chunk must be IHDR: length 13, then width and height (big-endian).
  if (!startsWith(b, PNG_SIGNATURE) || u32be(b, 8) !== 13 || ascii(b, 12, 4) !== 'IHDR') return undefined;
  return [u32be(b, 16), u32be(b, 20)];
}

function gif(b: Uint8Array): [number, number] | undefined {
  const magic = ascii(b, 0, 6);
  if (magic !== 'GIF87a' && magic !== 'GIF89a') return undefined;
  return [u16le(b, 6), u16le(b, 8)];
}

function webp(b: Uint8Array): [number, number] | undefined {
  if (ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return undefined;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') {
    // Lossy: a key frame starts with the start code 9d 01 2a, then 14-bit width and height.
    if (!startsWith(b, [0x9d, 0x01, 0x2a], 23)) return undefined;
    return [u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff];
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 0x2f, then width-1 and height-1 in 14 bits each.
    if (b[20] !== 0x2f || b.length < 25) return undefined;
    const bits = ((b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24)) >>> 0;
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (chunk === 'VP8X') {
    // Extended: canvas width-1 and height-1 in 24 bits each.
    if (b.length < 30) return undefined;
    return [u24le(b, 24) + 1, u24le(b, 27) + 1];
  }
  return undefined;
}

/** Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpeg(b: Uint8Array): [number, number] | undefined {
  if (!startsWith(b, [0xff, 0xd8, 0xff])) return undefined;
  let i = 2;
  while (i + 3 < b.length) {
    if (b[i] !== 0xff) return undefined;
    while (b[i] === 0xff && i < b.length) i++; // fill bytes
    const marker = b[i] ?? 0;
    i++;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // no length
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image / scan before any frame
    const length = u16be(b, i);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      if (i + 7 > b.length) return undefined;
      return [u16be(b, i + 5), u16be(b, i + 3)];
    }
    i += length;
  }
  return undefined;
}

const READERS: Array<[ImageFormat, (b: Uint8Array) => [number, number] | undefined]> = [
  ['png', png],
  ['jpeg', jpeg],
  ['gif', gif],
  ['webp', webp],
];

/** The image's format and size, or undefined when the bytes are not a PNG, JPEG, GIF or WebP. */
export function sniffImage(bytes: Uint8Array): ImageInfo | undefined {
  for (const [format, read] of READERS) {
    const size = read(bytes);
    if (!size) continue;
    const [width, height] = size;
    if (!(width > 0 && height > 0)) return undefined;
    return { format, ...TYPES[format], width, height };
  }
  return undefined;
}
