import { describe, expect, it } from 'vitest';
import { sniffImage } from './image-sniff';

const u16be = (n: number) => [n >> 8, n & 0xff];
const u16le = (n: number) => [n & 0xff, n >> 8];
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const bytes = (...parts: number[][]) => Uint8Array.from(parts.flat());

const png = (w: number, h: number) =>
  bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    u32be(13),
    ascii('IHDR'),
    u32be(w),
    u32be(h),
    [8, 6, 0, 0, 0],
  );
const jpeg = (w: number, h: number, sof = 0xc0) =>
  bytes(
    [0xff, 0xd8],
    [0xff, 0xe1, ...u16be(8), ...ascii('Exif'), 0, 0], // an APP1 segment to skip
    [0xff, 0xc4, ...u16be(4), 0, 0], // DHT: in the SOF range but not a frame
    [0xff, 0xff, sof, ...u16be(17), 8, ...u16be(h), ...u16be(w), 3],
  );
const riff = (chunk: string, payload: number[]) =>
  bytes(ascii('RIFF'), [0, 0, 0, 0], ascii('WEBP'), ascii(chunk), [0, 0, 0, 0], payload);

describe('sniffImage', () => {
  it('reads PNG, JPEG (baseline and progressive), GIF and WebP (lossy, lossless, extended)', () => {
    expect(sniffImage(png(256, 128))).toEqual({
      format: 'png',
      contentType: 'image/png',
      extension: 'png',
      width: 256,
      height: 128,
    });
    expect(sniffImage(jpeg(640, 480))).toMatchObject({ format: 'jpeg', extension: 'jpg', width: 640, height: 480 });
    expect(sniffImage(jpeg(300, 300, 0xc2))).toMatchObject({ format: 'jpeg', width: 300, height: 300 });
    expect(sniffImage(bytes(ascii('GIF89a'), u16le(32), u16le(16), [0]))).toMatchObject({
      format: 'gif',
      contentType: 'image/gif',
      width: 32,
      height: 16,
    });
    expect(sniffImage(riff('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, ...u16le(400), ...u16le(300)]))).toMatchObject({
      format: 'webp',
      width: 400,
      height: 300,
    });
    // VP8L: 14 bits width-1 then 14 bits height-1, little-endian.
    const bits = (512 - 1) | ((256 - 1) << 14);
    expect(
      sniffImage(riff('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, bits >>> 24])),
    ).toMatchObject({ width: 512, height: 256 });
    expect(sniffImage(riff('VP8X', [0, 0, 0, 0, 0xff, 0x03, 0, 0xff, 0x01, 0]))).toMatchObject({
      width: 1024,
      height: 512,
    });
  });

  it('refuses SVG, text, other formats, truncated headers and zero sizes', () => {
    const svg = new TextEncoder().encode('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(sniffImage(svg)).toBeUndefined();
    expect(sniffImage(new TextEncoder().encode('hello, I am a .png'))).toBeUndefined();
    expect(sniffImage(bytes(ascii('%PDF-1.7')))).toBeUndefined();
    expect(sniffImage(bytes(ascii('BM'), [0, 0, 0, 0]))).toBeUndefined();
    expect(sniffImage(png(10, 10).subarray(0, 20))).toBeUndefined();
    expect(sniffImage(png(0, 10))).toBeUndefined();
    expect(sniffImage(bytes([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0]))).toBeUndefined(); // scan before frame
    expect(sniffImage(riff('VP8 ', [0, 0, 0, 1, 2, 3, 0, 0, 0, 0]))).toBeUndefined();
    expect(sniffImage(new Uint8Array())).toBeUndefined();
  });
});
