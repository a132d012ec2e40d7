/**
 * Security tests run the real local server inside their own worker, on the shared DynamoDB Local,
 * S3 and SES of the test stack, with the product's default limits (the shared server relaxes the
 * per-client limits because the whole suite reaches it from one loopback address). Each attack
 * can then come from several real client addresses: every 127.x.y.z address is loopback on Linux,
 * so a request bound to 127.0.0.7 reaches the server with sourceIp 127.0.0.7.
 */
import { request } from 'node:http';
import { resolve } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { JsonBody } from '../../support/api';

/** Settings the shared test stack relaxes; security tests use the product's defaults instead. */
const RELAXED_FOR_SHARED_STACK = [
  'RATE_LIMIT_REGISTER_PER_CLIENT',
  'RATE_LIMIT_FORGOT_PASSWORD_PER_CLIENT',
  'RATE_LIMIT_GUEST_CHECKOUT_PER_CLIENT',
  'LOGIN_CLIENT_MAX_FAILURES',
  'REVIEWS_PER_CLIENT_PER_DAY',
];

export interface OwnServer {
  url: string;
}

/** Starts the local server in this worker for the file's tests (stopped after them). */
export function ownServer(env: Record<string, string | undefined> = {}): OwnServer {
  const own: OwnServer = { url: '' };
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    for (const key of RELAXED_FOR_SHARED_STACK) delete process.env[key];
    for (const [k, v] of Object.entries(env)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    const { resetConfigForTests } = await import('../../../functions/config');
    resetConfigForTests();
    const { createLocalServer, listen } = await import('../../../bin/local-server');
    const server = createLocalServer(resolve('frontend/dist'));
    const port = await listen(server, 0, '127.0.0.1');
    own.url = `http://127.0.0.1:${port}`;
    close = async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    };
  });
  afterAll(async () => {
    await close?.();
  });
  return own;
}

export interface Answer<T = JsonBody> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
}

/** One HTTP call to `baseUrl` from the loopback address `from` (e.g. "127.0.0.9"). */
export function callFrom<T = JsonBody>(
  baseUrl: string,
  from: string,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const url = new URL(path, baseUrl);
  const payload = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
  const headers: Record<string, string> = { ...opts.headers };
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(payload.length);
  }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return new Promise((resolveCall, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: Number(url.port),
        path: url.pathname + url.search,
        method,
        headers,
        localAddress: from,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON
          }
          resolveCall({ status: res.statusCode ?? 0, body: body as T, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** A fresh loopback client address, different in every call (127.a.b.c, never 127.0.0.1). */
let next = Math.floor(Math.random() * 50_000) + 1000;
export function newClient(): string {
  next++;
  return `127.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255 || 1}`;
}
