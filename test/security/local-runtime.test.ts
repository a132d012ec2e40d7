/**
 * The local runtime (`npm start`, bin/local.ts) as an attacker on
 * the network or a malicious web page would meet it. The real start script runs in a child
 * process with its own data folder and free ports (no demo seed), and is probed from outside:
 *
 * - 11: the server and every engine listen on 127.0.0.1 only; a request whose Host header is not
 *   loopback (DNS rebinding) is refused; the admin password and the Stripe webhook secret are
 *   generated on first start into the data folder (the well-known ones no longer work).
 * - 12: `GET /foo%E0%A4%A` and `GET //` answer 400 and the server lives on; the static-file
 *   check compares whole path segments (a sibling folder of the web root is not served); SIGTERM
 *   stops the engines, and so does an uncaught exception.
 * - 13: RUNTIME defaults to the safe cloud behaviour.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../bin/local-stack';

const ROOT = resolve(__dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

/** One raw HTTP/1.1 request (fetch would normalise the path); the status code, or 0 when the connection died. */
function rawRequest(port: number, path: string, host = `127.0.0.1:${port}`): Promise<{ status: number; body: string }> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('connect', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`));
    socket.on('data', (chunk) => {
      data += chunk.toString('utf8');
    });
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0);
      done({ status, body: data.split('\r\n\r\n').slice(1).join('\r\n\r\n') });
    });
    socket.on('error', () => undefined);
  });
}

/** Addresses listening on a TCP port, from /proc/net/tcp and tcp6 (e.g. "127.0.0.1", "0.0.0.0", "::"). */
function listeningAddresses(port: number): string[] {
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[3] !== '0A') continue; // LISTEN
      const [hexAddr, hexPort] = (cols[1] ?? '').split(':');
      if (Number.parseInt(hexPort ?? '', 16) !== port || !hexAddr) continue;
      if (hexAddr.length === 8) {
        const bytes = hexAddr.match(/../g)?.map((b) => Number.parseInt(b, 16)) ?? [];
        found.push(bytes.reverse().join('.'));
      } else {
        // IPv6: four little-endian 32-bit words.
        const words = hexAddr.match(/.{8}/g) ?? [];
        const bytes = words.flatMap((w) => (w.match(/../g) ?? []).reverse());
        const hex = bytes.join('').toLowerCase();
        if (hex === '0'.repeat(32)) found.push('::');
        else if (hex === `${'0'.repeat(20)}ffff7f000001`) found.push('::ffff:127.0.0.1');
        else if (hex === `${'0'.repeat(31)}1`) found.push('::1');
        else found.push(hex);
      }
    }
  }
  return found;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Pids of the child's descendants (DynamoDB Local runs as a java child). */
function descendants(pid: number): number[] {
  const out: number[] = [];
  let children: string[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    return out;
  }
  for (const c of children) out.push(Number(c), ...descendants(Number(c)));
  return out;
}

const javaPids = (pid: number) =>
  descendants(pid).filter((p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('java');
    } catch {
      return false;
    }
  });

/** Polls `check` (vi.waitFor, every 200 ms) for up to `timeoutMs`; whether it held (callers assert it). */
function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  return vi
    .waitFor(
      async () => {
        if (!(await check())) throw new Error('not yet');
        return true;
      },
      { timeout: timeoutMs, interval: 200 },
    )
    .catch(async () => check());
}

interface Started {
  child: ChildProcess;
  output: () => string;
  dataDir: string;
  ports: { web: number; dynamo: number; s3: number; ses: number };
  java: number[];
}

/** Starts `npm start`'s script with its own data folder and ports; resolves once it says it is running. */
async function startLocal(script = 'bin/local.ts'): Promise<Started> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dental-sec-local-'));
  const ports = { web: await freePort(), dynamo: await freePort(), s3: await freePort(), ses: await freePort() };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    DATA_DIR: dataDir,
    PORT: String(ports.web),
    DYNAMODB_PORT: String(ports.dynamo),
    S3_PORT: String(ports.s3),
    SES_PORT: String(ports.ses),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  const child = spawn(TSX, [script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (c) => {
    out += c.toString();
  });
  child.stderr?.on('data', (c) => {
    out += c.toString();
  });
  const ready = await waitUntil(() => out.includes('is running') || child.exitCode !== null, 110_000);
  const java = javaPids(child.pid as number);
  if (!ready || (child.exitCode !== null && !java.length)) throw new Error(`${script} did not come up:\n${out}`);
  return { child, output: () => out, dataDir, ports, java };
}

async function stopLocal(s: Started | undefined) {
  if (!s) return;
  if (s.child.exitCode === null) {
    s.child.kill('SIGTERM');
    await waitUntil(() => s.child.exitCode !== null, 15_000);
  }
  for (const pid of s.java) if (alive(pid)) process.kill(pid, 'SIGKILL');
  if (s.child.exitCode === null) s.child.kill('SIGKILL');
  rmSync(s.dataDir, { recursive: true, force: true });
}

describe('npm start on a fresh data folder', () => {
  let local: Started | undefined;
  beforeAll(async () => {
    local = await startLocal();
  }, 120_000);
  afterAll(() => stopLocal(local), 30_000);

  it('binds the server and every engine to 127.0.0.1 only', () => {
    const s = local as Started;
    const open: string[] = [];
    for (const [what, port] of Object.entries(s.ports)) {
      const addresses = listeningAddresses(port);
      expect(addresses.length, `${what} (port ${port}) is listening`).toBeGreaterThan(0);
      for (const a of addresses) if (!LOOPBACK.has(a)) open.push(`${what} on ${a}`);
    }
    expect(open, 'listening beyond loopback').toEqual([]);
  });

  it('refuses requests whose Host header is not loopback (DNS rebinding)', async () => {
    const s = local as Started;
    const rebound = await rawRequest(s.ports.web, '/api/config', `attacker.example:${s.ports.web}`);
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('detail');
    for (const host of [`localhost:${s.ports.web}`, `127.0.0.1:${s.ports.web}`]) {
      expect((await rawRequest(s.ports.web, '/api/config', host)).status).toBe(200);
    }
  });

  it('generates the admin password and the Stripe webhook secret under the data folder and prints where they are', async () => {
    const s = local as Started;
    const passwordFile = join(s.dataDir, 'admin-password');
    const secretFile = join(s.dataDir, 'stripe-webhook-secret');
    const password = readFileSync(passwordFile, 'utf8').trim();
    const secret = readFileSync(secretFile, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(secret).toMatch(/^whsec_.{32,}$/);
    expect(statSync(passwordFile).mode & 0o077).toBe(0);
    expect(statSync(secretFile).mode & 0o077).toBe(0);
    expect(s.output()).toContain(password);
    expect(s.output()).toContain(`The Stripe webhook secret of the test checkout is kept in ${secretFile}.`);

    const base = `http://127.0.0.1:${s.ports.web}`;
    const login = (pw: string) =>
      fetch(`${base}/api/admin-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@dentalmarket.local', password: pw }),
      });
    expect((await login('admin123!')).status).toBe(401);
    expect((await login(password)).status).toBe(200);

    // The formerly public local webhook secret signs nothing any more.
    const payload = JSON.stringify({ id: 'evt_sec_1', object: 'event', type: 'ping', data: { object: {} } });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_local_test_checkout_only' });
    const res = await fetch(`${base}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': forged },
      body: payload,
    });
    expect(res.status).toBe(400);
    const genuine = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const ok = await fetch(`${base}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': genuine },
      body: payload,
    });
    expect(ok.status).toBe(200);
  });

  it('never lets a webhook target the ports of the local engines', async () => {
    const s = local as Started;
    // The child has its own JWT secret: everything goes through its API.
    const base = `http://127.0.0.1:${s.ports.web}`;
    const password = readFileSync(join(s.dataDir, 'admin-password'), 'utf8').trim();
    const admin = await (
      await fetch(`${base}/api/admin-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@dentalmarket.local', password }),
      })
    ).json();
    const email = `engine-${Date.now()}@example.com`;
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    await post('/api/register', { full_name: 'Engine Prober', email, password: 'secret123', company_name: 'Probe' });
    const dev = await (await post('/api/login', { email, password: 'secret123' })).json();
    await post('/api/approve-user', { email }, admin.access_token);
    const app = await (await post('/api/apps', { name: 'Engine probe', type: 'internal' }, dev.access_token)).json();
    for (const port of [s.ports.dynamo, s.ports.s3, s.ports.ses]) {
      const res = await post(
        `/api/apps/${app.id}/webhooks`,
        { event_type: 'license.purchased', target_url: `http://127.0.0.1:${port}/` },
        dev.access_token,
      );
      expect(res.status, `webhook to engine port ${port}`).toBe(400);
    }
    // A developer's own receiver on loopback, on a port of LOCAL_WEBHOOK_PORTS, stays allowed locally.
    const own = await post(
      `/api/apps/${app.id}/webhooks`,
      { event_type: 'license.purchased', target_url: 'http://127.0.0.1:9009/hook' },
      dev.access_token,
    );
    expect(own.status).toBe(201);
  });

  it('does not serve a sibling folder of the web root (whole path segments)', async () => {
    const s = local as Started;
    // A sibling folder whose name starts like the web root's ("dist" and "dist-private").
    const sibling = resolve(ROOT, 'frontend/dist-private-sec-test');
    mkdirSync(sibling, { recursive: true });
    writeFileSync(join(sibling, 'secret.txt'), 'not for the web');
    try {
      const escaped = await rawRequest(s.ports.web, '/..%2fdist-private-sec-test/secret.txt');
      expect(escaped.body).not.toContain('not for the web');
      expect([400, 404]).toContain(escaped.status);
    } finally {
      rmSync(sibling, { recursive: true, force: true });
    }
  });

  it('answers malformed paths with 400 and lives on', async () => {
    const s = local as Started;
    for (const path of ['/foo%E0%A4%A', '//', '/assets/%E0%A4%A', '/uploads/%E0%A4%A']) {
      const res = await rawRequest(s.ports.web, path);
      expect(res.status, `GET ${path}`).toBe(400);
      expect(s.child.exitCode, `the server still runs after GET ${path}`).toBeNull();
    }
    expect((await rawRequest(s.ports.web, '/api/config')).status).toBe(200);
  });

  it('stops the engines on SIGTERM', async () => {
    const s = local as Started;
    expect(s.java.length).toBeGreaterThan(0);
    s.child.kill('SIGTERM');
    expect(await waitUntil(() => s.child.exitCode !== null, 20_000)).toBe(true);
    expect(await waitUntil(() => s.java.every((p) => !alive(p)), 10_000)).toBe(true);
    expect(listeningAddresses(s.ports.dynamo)).toEqual([]);
  }, 40_000);
});

describe('an uncaught exception in npm start', () => {
  it('stops the engines instead of orphaning DynamoDB Local', async () => {
    const local = await startLocal('test/security/fixtures/crash-after-start.ts').catch((err: Error) => err);
    try {
      if (local instanceof Error) throw local;
      expect(local.java.length).toBeGreaterThan(0);
      expect(await waitUntil(() => local.child.exitCode !== null, 20_000)).toBe(true);
      expect(local.child.exitCode).not.toBe(0);
      expect(await waitUntil(() => local.java.every((p) => !alive(p)), 10_000)).toBe(true);
    } finally {
      if (!(local instanceof Error)) await stopLocal(local);
    }
  }, 150_000);
});

describe('configuration defaults', () => {
  it('RUNTIME defaults to the safe cloud behaviour: no test checkout, no internal webhook targets', async () => {
    const saved = { ...process.env };
    try {
      for (const k of [
        'RUNTIME',
        'ALLOW_INTERNAL_WEBHOOK_TARGETS',
        'STRIPE_SECRET_KEY',
        'HOST',
        'SCRYPT_LOG2_N',
        'AUDIT_UNLISTED_NO_WRITE', // the test stack's own setting, refused in the cloud
      ])
        delete process.env[k];
      process.env.JWT_SECRET = 'a'.repeat(40);
      const { getConfig, resetConfigForTests } = await import('../../functions/config');
      resetConfigForTests();
      const cfg = getConfig();
      expect(cfg.RUNTIME).toBe('aws');
      expect(cfg.ALLOW_INTERNAL_WEBHOOK_TARGETS).toBe(false);
      const { stripeMode } = await import('../../functions/adapters/stripe');
      expect(stripeMode()).toBe('unavailable');
    } finally {
      process.env = saved;
      (await import('../../functions/config')).resetConfigForTests();
    }
  });

  it('allows internal webhook targets only while the local runtime is bound to loopback', async () => {
    const saved = { ...process.env };
    const { getConfig, resetConfigForTests } = await import('../../functions/config');
    const { checkTarget } = await import('../../functions/adapters/http-out');
    const configWith = (env: Record<string, string | undefined>) => {
      process.env = { ...saved, RUNTIME: 'local', JWT_SECRET: 'b'.repeat(40), STRIPE_WEBHOOK_SECRET: 'whsec_x' };
      for (const [k, v] of Object.entries(env)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      resetConfigForTests();
      return getConfig();
    };
    try {
      expect(
        configWith({ HOST: '127.0.0.1', ALLOW_INTERNAL_WEBHOOK_TARGETS: undefined }).ALLOW_INTERNAL_WEBHOOK_TARGETS,
      ).toBe(true);
      const exposed = configWith({ HOST: '0.0.0.0', ALLOW_INTERNAL_WEBHOOK_TARGETS: undefined });
      expect(exposed.ALLOW_INTERNAL_WEBHOOK_TARGETS).toBe(false);
      const target = await checkTarget('http://127.0.0.1:9/hook', {
        allowInternal: exposed.ALLOW_INTERNAL_WEBHOOK_TARGETS,
      });
      expect(target.ok).toBe(false);
      // Asking for them while exposed is refused at start, not silently honoured.
      expect(() => configWith({ HOST: '0.0.0.0', ALLOW_INTERNAL_WEBHOOK_TARGETS: 'true' })).toThrow(/loopback/);
    } finally {
      process.env = saved;
      resetConfigForTests();
    }
  });
});
