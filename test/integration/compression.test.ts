/**
 * The local server compresses as CloudFront does: text, JSON, JavaScript and SVG of at least
 * 1,000 bytes go gzip-compressed to a client that accepts gzip, and unchanged to one that does
 * not. Raw HTTP requests, so the test sees the bytes on the wire, not a decoded body.
 */
import { readdirSync, statSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { apiUrl } from '../support/api';

function raw(
  path: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolveGet, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    get(`${apiUrl()}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolveGet({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('compression on the local server', () => {
  it('gzips the storefront HTML and the API JSON for a client that accepts it, and only then', async () => {
    for (const path of ['/marketplace/categories', '/api/marketplace/apps']) {
      const plain = await raw(path);
      const zipped = await raw(path, 'gzip, deflate, br');
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toMatch(/accept-encoding/i);
      expect(zipped.body.length).toBeLessThan(plain.body.length / 2);
      expect(gunzipSync(zipped.body).toString('utf8')).toBe(plain.body.toString('utf8'));
    }
  });

  it("gzips the SPA's JavaScript assets", async () => {
    // The largest chunk: the entry is a few hundred bytes, below the 1,000 bytes under which
    // CloudFront (and so the local server) sends a body as it is.
    const dir = resolve('frontend/dist/assets');
    const [asset] = readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .sort((a, b) => statSync(resolve(dir, b)).size - statSync(resolve(dir, a)).size);
    expect(asset).toBeDefined();
    const plain = await raw(`/assets/${asset}`);
    const zipped = await raw(`/assets/${asset}`, 'gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
  });

  it('leaves small answers as they are', async () => {
    const res = await raw('/api/marketplace/apps/no-such-app-anywhere', 'gzip');
    expect(res.status).toBe(404);
    expect(res.body.length).toBeLessThan(1_000);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
