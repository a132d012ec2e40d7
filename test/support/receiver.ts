/**
 * A developer's webhook endpoint on 127.0.0.1 (the local runtime allows loopback targets): it
 * records every request and answers with the scripted statuses in turn, the last one repeating
 * ('hang' never answers). The response body is `answered <status>`, which delivery logs show.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url: string;
  received: ReceivedRequest[];
  /** TCP connections opened to the receiver so far. */
  connections: () => number;
  close: () => Promise<void>;
}

export async function startReceiver(script: Array<number | 'hang'> = [200], path = '/hooks/dental'): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  const steps = [...script];
  let connections = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const step = steps.length > 1 ? steps.shift() : steps[0];
      if (step !== 'hang') res.writeHead(step ?? 200, { 'content-type': 'text/plain' }).end(`answered ${step ?? 200}`);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received,
    connections: () => connections,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** Polls `probe` until it gives a value (neither undefined nor false), for at most `timeoutMs`. */
export async function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
