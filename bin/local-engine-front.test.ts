import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINE_HOST_REFUSED, guardEngineHost } from './local-engine-front';

/** One GET to 127.0.0.1:`port` with this Host header (what a rebound page would send). */
function get(port: number, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', headers: { host }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise((r) => server?.close(r));
  server = undefined;
});

describe("an engine's private port (issue 30, row 3)", () => {
  it('refuses a rebound Host itself, not only behind its front, and still serves localhost', async () => {
    let served = 0;
    server = createServer((_req, res) => {
      served++;
      res.end('every reset link');
    });
    guardEngineHost(server);
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;

    // Before: the private port answered any Host; a page rebound to 127.0.0.1 that found it read it all.
    const rebound = await get(port, `rebind.attacker.example:${port}`);
    expect(rebound).toEqual({ status: 403, body: ENGINE_HOST_REFUSED });
    expect(served).toBe(0);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      expect(await get(port, host)).toEqual({ status: 200, body: 'every reset link' });
    }
    expect(served).toBe(2);
  });
});
