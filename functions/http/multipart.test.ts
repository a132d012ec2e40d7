import { describe, expect, it } from 'vitest';
import { multipartBoundary, parseMultipart } from './multipart';

const body = (boundary: string, parts: string[]) =>
  Buffer.from(`preamble\r\n${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}--${boundary}--\r\n`, 'latin1');

describe('multipart/form-data', () => {
  it('finds the boundary, quoted or not, only for multipart/form-data', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----abc123')).toBe('----abc123');
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b;c"')).toBe('a b;c');
    expect(multipartBoundary('application/json')).toBeUndefined();
    expect(multipartBoundary('multipart/form-data')).toBeUndefined();
    expect(multipartBoundary(undefined)).toBeUndefined();
  });

  it('splits parts with names, filenames, types and binary data intact', () => {
    const binary = '\x89PNG\r\n\x1a\n\x00\xff--xx\r\n';
    const parsed = parseMultipart(
      body('xx', [
        `Content-Disposition: form-data; name="files"; filename="a \\"quoted\\".png"\r\nContent-Type: image/png\r\n\r\n${binary}`,
        'Content-Disposition: form-data; name="note"\r\n\r\nhello',
        'content-disposition: form-data; name=file; filename=b.jpg\r\n\r\n',
      ]),
      'xx',
    );
    expect(parsed.map((p) => [p.name, p.filename, p.contentType])).toEqual([
      ['files', 'a "quoted".png', 'image/png'],
      ['note', undefined, undefined],
      ['file', 'b.jpg', undefined],
    ]);
    expect(parsed[0]?.data.equals(Buffer.from(binary, 'latin1'))).toBe(true);
    expect(parsed[1]?.data.toString()).toBe('hello');
    expect(parsed[2]?.data.length).toBe(0);
  });

  it('refuses malformed bodies with a 400', () => {
    const bad = [
      Buffer.from('no boundary here'),
      Buffer.from('--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated'),
      Buffer.from('--xx\r\nContent-Type: text/plain\r\n\r\nx\r\n--xx--'),
      Buffer.from('--xxjunk'),
    ];
    for (const b of bad) expect(() => parseMultipart(b, 'xx')).toThrow(/Malformed multipart/);
    const many = body(
      'xx',
      Array.from({ length: 51 }, () => 'Content-Disposition: form-data; name="a"\r\n\r\nx'),
    );
    expect(() => parseMultipart(many, 'xx')).toThrow('At most 50 form fields are allowed');
  });
});
