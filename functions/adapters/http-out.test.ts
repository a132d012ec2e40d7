import * as dns from 'node:dns/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OutgoingWebhook } from '../core/webhooks/ports';
import { listenOnWebhookPort } from '../testing/webhook-port';
import { checkTarget, isBlockedAddress, postWebhook, resolveTarget } from './http-out';

vi.mock('node:dns/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:dns/promises')>();
  const lookup = vi.fn(actual.lookup);
  return { ...actual, lookup, default: { ...actual, lookup } };
});
const lookupMock = vi.mocked(dns.lookup) as unknown as ReturnType<typeof vi.fn>;

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '192.0.2.10',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    '[::1]',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '2001:db8::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '::ffff:0:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::8.8.8.8',
    '2002:7f00:1::1',
    '2001:0:4136:e378::1',
    'not-an-ip',
  ])('blocks %s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '169.255.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

// A receiver on loopback: the only place these tests ever send traffic.
let server: Server;
let port: number;
let connections = 0;
let handler: (req: IncomingMessage, res: ServerResponse, body: string) => void;
const received: Array<{ url: string; headers: IncomingMessage['headers']; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  // Local webhook targets are an allow-list of ports (LOCAL_WEBHOOK_PORTS): a port of its default.
  port = await listenOnWebhookPort(server);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
afterEach(() => {
  received.length = 0;
  connections = 0;
  lookupMock.mockClear();
});

const request = (url: string, overrides: Partial<OutgoingWebhook> = {}): OutgoingWebhook => ({
  url,
  headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': '1', 'webhook-signature': 'v1,x' },
  body: '{"type":"patient.created"}',
  timeoutMs: 2000,
  allowInternal: true,
  maxResponseBytes: 4096,
  ...overrides,
});

describe('the SSRF guard (internal targets not allowed)', () => {
  it.each([
    () => `http://127.0.0.1:${port}/hook`,
    () => `https://127.0.0.1:${port}/hook`,
    () => `https://localhost:${port}/hook`,
    () => `https://[::1]:${port}/hook`,
    () => `https://[::ffff:127.0.0.1]:${port}/hook`,
    () => 'https://10.0.0.1/hook',
    () => 'https://169.254.169.254/latest/meta-data/',
    () => 'https://[fd00::1]/hook',
  ])('refuses %s before connecting', async (url) => {
    const res = await postWebhook(request(url(), { allowInternal: false }));
    expect(res.status).toBe(0);
    expect(res.errorKind).toBe(url().startsWith('http:') ? 'invalid_url' : 'ssrf_blocked');
    expect(connections).toBe(0);
    expect(received).toHaveLength(0);
  });

  it('refuses a name when any of its addresses is internal (mixed public and private answers)', async () => {
    lookupMock.mockResolvedValueOnce([
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ]);
    const res = await postWebhook(request('https://mixed.example.test/hook', { allowInternal: false }));
    expect(res).toMatchObject({ status: 0, errorKind: 'ssrf_blocked' });
    expect(res.body).toContain('10.1.2.3');
    expect(connections).toBe(0);
  });

  it('checks targets at creation with a clear reason', async () => {
    expect(await checkTarget('https://169.254.169.254/', { allowInternal: false })).toEqual({
      ok: false,
      reason:
        'target_url is refused: 169.254.169.254 is a private or internal address. Webhooks must point at a public internet address',
    });
    const local = await checkTarget('https://localhost/hook', { allowInternal: false });
    expect(local.ok).toBe(false);
    expect(await checkTarget('http://hooks.example.com/', { allowInternal: false })).toEqual({
      ok: false,
      reason: 'target_url must use https://',
    });
    lookupMock.mockResolvedValueOnce([{ address: '93.184.216.34', family: 4 }]);
    expect(await checkTarget('https://hooks.example.test/', { allowInternal: false })).toEqual({ ok: true });
    // Local development: anything http(s), resolvable or not, on a port of LOCAL_WEBHOOK_PORTS.
    expect(await checkTarget('http://127.0.0.1:9009/x', { allowInternal: true })).toEqual({ ok: true });
    expect(await checkTarget('http://no-such-host.invalid:8080/x', { allowInternal: true })).toEqual({ ok: true });
    const unlisted = await checkTarget('http://127.0.0.1:9/x', { allowInternal: true });
    expect(unlisted).toEqual({ ok: false, reason: expect.stringMatching(/LOCAL_WEBHOOK_PORTS/) });
    expect((await checkTarget('http://127.0.0.1:6379/', { allowInternal: true })).ok).toBe(false);
  });

  it('resolveTarget reports names that do not resolve as dns failures', async () => {
    const res = await resolveTarget(new URL('https://does-not-exist.invalid/'), false);
    expect(res).toMatchObject({ ok: false, kind: 'dns' });
  });
});

describe('postWebhook (internal targets allowed, loopback receiver)', () => {
  it('POSTs the body with the given headers and keeps a 2xx answer', async () => {
    handler = (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    const res = await postWebhook(request(`http://127.0.0.1:${port}/hook?x=1`));
    expect(res).toMatchObject({ status: 200, body: 'thanks', errorKind: null });
    expect(res.durationMs).toBeGreaterThanOrEqual(0);
    expect(received[0]?.url).toBe('/hook?x=1');
    expect(received[0]?.body).toBe('{"type":"patient.created"}');
    expect(received[0]?.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': 'msg_1',
      'webhook-signature': 'v1,x',
    });
  });

  it('connects to the address it resolved and checked, without resolving again (no DNS rebinding)', async () => {
    handler = (_req, res) => res.writeHead(204).end();
    lookupMock.mockResolvedValueOnce([{ address: '127.0.0.1', family: 4 }]);
    const res = await postWebhook(request(`http://pinned.example.test:${port}/hook`));
    expect(res).toMatchObject({ status: 204, errorKind: null });
    expect(lookupMock).toHaveBeenCalledTimes(1);
    expect(received[0]?.headers.host).toBe(`pinned.example.test:${port}`);
  });

  it('reports http errors with their status and passes Retry-After on', async () => {
    handler = (_req, res) => res.writeHead(503, { 'retry-after': '120' }).end('busy');
    expect(await postWebhook(request(`http://127.0.0.1:${port}/`))).toMatchObject({
      status: 503,
      body: 'busy',
      errorKind: 'http_error',
      retryAfter: '120',
    });
  });

  it('does not follow redirects', async () => {
    handler = (req, res) =>
      req.url === '/moved' ? res.writeHead(302, { location: '/elsewhere' }).end() : res.writeHead(200).end('wrong');
    const res = await postWebhook(request(`http://127.0.0.1:${port}/moved`));
    expect(res).toMatchObject({ status: 302, errorKind: 'redirect' });
    expect(res.body).toContain('/elsewhere');
    expect(received.map((r) => r.url)).toEqual(['/moved']);
  });

  it('times out on a receiver that never answers', async () => {
    handler = () => {
      // hangs
    };
    const res = await postWebhook(request(`http://127.0.0.1:${port}/`, { timeoutMs: 300 }));
    expect(res).toMatchObject({ status: 0, errorKind: 'timeout', body: 'Timed out after 300 ms' });
    expect(res.durationMs).toBeGreaterThanOrEqual(290);
    expect(res.durationMs).toBeLessThan(2000);
  });

  it('reports a refused connection', async () => {
    const closed = createServer();
    const closedPort = await listenOnWebhookPort(closed);
    await new Promise((r) => closed.close(r));
    expect(await postWebhook(request(`http://127.0.0.1:${closedPort}/`))).toMatchObject({
      status: 0,
      errorKind: 'connection_refused',
    });
  });

  it('keeps at most maxResponseBytes of the answer', async () => {
    handler = (_req, res) => res.writeHead(500).end('x'.repeat(100_000));
    const res = await postWebhook(request(`http://127.0.0.1:${port}/`, { maxResponseBytes: 4096 }));
    expect(res.status).toBe(500);
    expect(res.body).toHaveLength(4096);
  });

  it('refuses URLs that are not http(s)', async () => {
    expect(await postWebhook(request('ftp://127.0.0.1/'))).toMatchObject({ status: 0, errorKind: 'invalid_url' });
    expect(await postWebhook(request('nonsense'))).toMatchObject({ status: 0, errorKind: 'invalid_url' });
  });
});
