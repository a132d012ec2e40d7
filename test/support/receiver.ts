/**
 * HTTP servers on 127.0.0.1 standing in for a developer's endpoints (the local runtime allows
 * loopback targets): each records every request it receives.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { vi } from 'vitest';
import { listenOnWebhookPort } from '../../functions/testing/webhook-port';

export { listenOnWebhookPort };

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

/** How a receiver answers a request, once its whole body has arrived. */
export type Answer = (req: IncomingMessage, body: string, res: ServerResponse) => void;

/** A receiver that answers each request with `answer`; its `url` ends with `path`. */
export async function startServer(answer: Answer, path = ''): Promise<Receiver> {
  const received: ReceivedRequest[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ path: req.url ?? '', headers: req.headers, body });
      answer(req, body, res);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  const port = await listenOnWebhookPort(server);
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    connections: () => connections,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/**
 * A developer's webhook endpoint that answers with the scripted statuses in turn, the last one
 * repeating ('hang' never answers). The response body is `answered <status>`, which delivery logs show.
 */
export function startReceiver(script: Array<number | 'hang'> = [200], path = '/hooks/dental'): Promise<Receiver> {
  const steps = [...script];
  return startServer((_req, _body, res) => {
    const step = steps.length > 1 ? steps.shift() : steps[0];
    if (step !== 'hang') res.writeHead(step ?? 200, { 'content-type': 'text/plain' }).end(`answered ${step ?? 200}`);
  }, path);
}

/**
 * Polls `probe` (vi.waitFor, every 25 ms) until it gives a value (neither undefined nor false);
 * fails after `timeoutMs` naming `what` and the last value.
 */
export function waitFor<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 10_000,
  what = 'the probe to give a value',
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await probe();
      if (value === undefined || value === false) {
        throw new Error(`timed out after ${timeoutMs} ms waiting for ${what} (last: ${String(value)})`);
      }
      return value;
    },
    { timeout: timeoutMs, interval: 25 },
  );
}
