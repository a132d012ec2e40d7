import { describe, expect, it } from 'vitest';
import { rewriteImage } from './image-rewrite';
import { sniffImage } from './image-sniff';
import { pngChunk, structuralPng } from './testing';

const png = (extra: Buffer[] = []): Buffer => structuralPng(2, 2, extra);
const chunk = pngChunk;
const SCRIPT = Buffer.from('<script>alert(1)</script>');
const rewrite = (b: Buffer) => {
  const info = sniffImage(b);
  if (!info) throw new Error('not recognised');
  const out = rewriteImage(b, info.format);
  return out ? Buffer.from(out) : undefined;
};

describe('rewriteImage: PNG', () => {
  it('keeps the picture and drops text chunks and bytes after IEND', () => {
    const clean = png();
    const crafted = Buffer.concat([png([chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), SCRIPT]))]), SCRIPT]);
    expect(rewrite(crafted)?.equals(clean)).toBe(true);
    expect(rewrite(clean)?.equals(clean)).toBe(true);
  });

  it('refuses a broken CRC, a missing IEND and an unknown critical chunk', () => {
    const broken = png();
    broken[broken.length - 20] = (broken[broken.length - 20] ?? 0) ^ 0xff; // inside IDAT
    expect(rewrite(broken)).toBeUndefined();
    expect(rewrite(png().subarray(0, -12))).toBeUndefined();
    expect(rewrite(png([chunk('XXXX', Buffer.alloc(1))]))).toBeUndefined();
  });
});

describe('rewriteImage: GIF', () => {
  const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
  it('keeps a plain GIF as it is', () => {
    expect(rewrite(GIF)?.equals(GIF)).toBe(true);
  });
  it('drops comments and anything after the trailer', () => {
    const comment = Buffer.concat([Buffer.from([0x21, 0xfe, SCRIPT.length]), SCRIPT, Buffer.from([0])]);
    const header = GIF.subarray(0, 19); // header, screen descriptor, 2-colour table
    const crafted = Buffer.concat([header, comment, GIF.subarray(19), SCRIPT]);
    const out = rewrite(crafted);
    expect(out?.equals(GIF)).toBe(true);
  });
  it('refuses a GIF without its trailer', () => {
    expect(rewrite(GIF.subarray(0, -1))).toBeUndefined();
  });
});

describe('rewriteImage: JPEG', () => {
  const soi = [0xff, 0xd8];
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0, 0];
  const sof0 = [0xff, 0xc0, 0x00, 0x0b, 0x08, 0, 4, 0, 4, 0x01, 1, 0x11, 0];
  const sos = [0xff, 0xda, 0x00, 0x08, 0x01, 1, 0x00, 0x00, 0x3f, 0x00];
  const scan = [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56];
  const eoi = [0xff, 0xd9];
  const clean = Buffer.from([...soi, ...app0, ...sof0, ...sos, ...scan, ...eoi]);
  it('keeps the frame and the scan (stuffed bytes and restarts included)', () => {
    expect(rewrite(clean)?.equals(clean)).toBe(true);
  });
  it('drops comments, Exif and trailing bytes', () => {
    const com = [0xff, 0xfe, 0x00, SCRIPT.length + 2, ...SCRIPT];
    const exif = [0xff, 0xe1, 0x00, 0x0a, ...Buffer.from('Exif\0\0'), 1, 2];
    const crafted = Buffer.from([...soi, ...app0, ...exif, ...com, ...sof0, ...sos, ...scan, ...eoi, ...SCRIPT]);
    expect(rewrite(crafted)?.equals(clean)).toBe(true);
  });
  it('refuses a JPEG without a scan or without its end', () => {
    expect(rewrite(Buffer.from([...soi, ...app0, ...sof0, ...eoi]))).toBeUndefined();
    expect(rewrite(Buffer.from([...soi, ...app0, ...sof0, ...sos, ...scan]))).toBeUndefined();
  });
});

describe('rewriteImage: WebP', () => {
  const riff = (chunks: Buffer[]) => {
    const body = Buffer.concat([Buffer.from('WEBP'), ...chunks]);
    const head = Buffer.alloc(8);
    head.write('RIFF', 0, 'ascii');
    head.writeUInt32LE(body.length, 4);
    return Buffer.concat([head, body]);
  };
  const webpChunk = (fourcc: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(fourcc, 0, 'ascii');
    head.writeUInt32LE(data.length, 4);
    return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  // VP8L: signature 0x2f, then width-1 and height-1 in 14 bits each (3x3).
  const vp8l = webpChunk('VP8L', Buffer.from([0x2f, 0x02, 0x80, 0x00, 0x00, 0x00]));
  const vp8x = (flags: number) => webpChunk('VP8X', Buffer.from([flags, 0, 0, 0, 2, 0, 0, 2, 0, 0]));

  it('drops Exif and XMP chunks and their flags, and bytes after the RIFF', () => {
    const exif = webpChunk('EXIF', SCRIPT);
    const xmp = webpChunk('XMP ', SCRIPT);
    const crafted = Buffer.concat([riff([vp8x(0x08 | 0x04), vp8l, exif, xmp]), SCRIPT]);
    const out = rewrite(crafted);
    expect(out?.equals(riff([vp8x(0), vp8l]))).toBe(true);
    expect(out?.includes(SCRIPT)).toBe(false);
  });
  it('refuses a RIFF that claims more than the file holds, or holds no picture', () => {
    const whole = riff([vp8l, webpChunk('ICCP', Buffer.alloc(40))]);
    expect(rewriteImage(whole.subarray(0, whole.length - 2), 'webp')).toBeUndefined();
    expect(rewriteImage(riff([vp8x(0), webpChunk('ICCP', Buffer.alloc(8))]), 'webp')).toBeUndefined();
    expect(rewriteImage(whole, 'webp')).toBeDefined();
  });
});
