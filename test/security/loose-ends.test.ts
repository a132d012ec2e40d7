/**
 * Issue 30, finding 11 (info): four loose ends, each one reproduced.
 * - Local webhooks could target any loopback service but the engines: the outside-system
 *   simulators (including their fault-injecting POST /__control), the S3 emulator's upstream and
 *   the app itself. Local targets are now an allow-list of ports (LOCAL_WEBHOOK_PORTS), and the
 *   product's own ports stay refused even when listed.
 * - Image fields accepted any same-origin path (`/api/...`): a listing's "icon" made every visitor's
 *   browser call an API path. Only uploads (/uploads/...) or absolute http(s) URLs are images now.
 * - The storefront function, which never reads a token, was granted the JWT signing secret.
 * - A function deployed with RUNTIME=aws but without the origin secret answered every request, so
 *   the execute-api URL bypassed CloudFront and its WAF; it now refuses to serve.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { api, approvedDeveloper, freeAppPayload, newInternalApp } from '../support/api';
import { callFrom, newClient, ownServer } from './support/own-server';

const server = ownServer();

describe('local webhook targets are an allow-list of ports', () => {
  it('refuses the simulators, the app itself and ports outside the list; a listed port works', async () => {
    const dev = await approvedDeveloper();
    const appId = await newInternalApp(dev.token, 'Loose ends');
    const create = (target_url: string) =>
      callFrom(server.url, newClient(), 'POST', `/api/apps/${appId}/webhooks`, {
        token: dev.token,
        body: { event_type: 'license.purchased', target_url },
      });
    const legacy = new URL(process.env.LEGACY_SYSTEM_URL as string);
    const internal = new URL(process.env.INTERNAL_SYSTEM_URL as string);
    const app = new URL(server.url);
    for (const target of [
      `http://127.0.0.1:${legacy.port}/__control`,
      `http://127.0.0.1:${internal.port}/__control`,
      `http://127.0.0.1:${app.port}/api/admin/users`,
      'http://127.0.0.1:6379/',
      'http://127.0.0.1:22/',
    ]) {
      const res = await create(target);
      expect(res.status, `${target}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(String(res.body.detail)).toMatch(/port/);
    }
    const allowed = await create('http://127.0.0.1:9443/hooks/dental');
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
  });
});

describe('image fields', () => {
  it('refuse a same-origin path that is not an upload', async () => {
    const dev = await approvedDeveloper();
    for (const over of [
      { icon_url: '/api/admin/users' },
      { icon_url: '/logout' },
      { metadata: { screenshots: ['/api/stripe/my-purchases'] } },
      { metadata: { screenshots: [], logo_url: '/admin' } },
    ]) {
      const res = await api('POST', '/api/apps/submit', {
        token: dev.token,
        body: freeAppPayload(`Same origin ${Date.now()}`, over),
      });
      expect(res.status, `${JSON.stringify(over)}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(String(res.body.detail)).toMatch(/URL/);
    }
  });
});

describe('the storefront function', () => {
  it('is granted no JWT signing secret (it reads no token)', async () => {
    const { groupNeedsJwt } = await import('../../lib/api');
    expect(groupNeedsJwt('storefront')).toBe(false);
    // The groups that read tokens keep it.
    expect(groupNeedsJwt('marketplace')).toBe(true);
    expect(groupNeedsJwt('accounts')).toBe(true);
  });
});

describe('RUNTIME=aws', () => {
  it('refuses to serve without the origin secret', () => {
    // A fresh process with the cloud's setting and no ORIGIN_SECRET_ARN / ORIGIN_VERIFY_SECRET.
    const script = `
      const { handler } = await import('./functions/marketplace/index.ts');
      const res = await handler({
        version: '2.0', routeKey: 'GET /robots.txt', rawPath: '/robots.txt', rawQueryString: '',
        headers: { host: 'abc.execute-api.us-east-1.amazonaws.com' },
        requestContext: { http: { method: 'GET', path: '/robots.txt', sourceIp: '198.51.100.7' }, requestId: 'r1' },
        isBase64Encoded: false,
      });
      console.log(JSON.stringify({ status: res.statusCode }));
    `;
    // Nothing of the local stack's settings: only what a deployed function's environment would hold.
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, RUNTIME: 'aws', LOG_LEVEL: 'silent' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    const line = run.stdout.trim().split('\n').pop() ?? '';
    expect(run.status, run.stderr).toBe(0);
    const { status } = JSON.parse(line) as { status: number };
    expect(status, 'a request straight to the API endpoint must not be served').toBeGreaterThanOrEqual(500);
  });
});
