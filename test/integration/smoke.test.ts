/**
 * `npm run smoke -- <url>` (bin/smoke.ts) against the local server, which stands in for a deployed
 * stack's URL: the script runs as a separate process, exactly as a newcomer runs it after a deploy.
 * Needs the built web app (`npm run build:web`, which `npm test` runs first): the health check
 * asks the site for it.
 */
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lib/app-config';
import { apiUrl, catalogueShows, newDeveloper } from '../support/api';
import { createApp, testApp } from './checkout-fixtures';

function smoke(args: string[], env: Record<string, string | undefined>) {
  const run = spawnSync(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['bin/smoke.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, SMOKE_EMAIL: undefined, SMOKE_PASSWORD: undefined, SMOKE_APP: undefined, ...env },
    encoding: 'utf8',
    timeout: 90_000,
  });
  return { code: run.status, out: run.stdout, err: run.stderr };
}

const line = (out: string, check: string) =>
  out.split('\n').find((l) => new RegExp(`^\\s+(PASS|FAIL)\\s+${check}\\b`).test(l));

let buyer: { email: string; password: string };
let paidApp: { slug: string; name: string };

beforeAll(async () => {
  if (!existsSync(join(REPO_ROOT, 'frontend/dist/index.html'))) {
    throw new Error('The smoke test checks the site serves the web app: run `npm run build:web` first.');
  }
  buyer = await newDeveloper();
  const seller = await newDeveloper();
  const created = await createApp(testApp(seller.id, 'smoke', { price_cents: 2500 }));
  paidApp = created;
  await catalogueShows(created);
}, 60_000);

describe('npm run smoke -- <url>', () => {
  it('passes health, marketplace, sign-in and a test checkout against a working stack', () => {
    const run = smoke([apiUrl()], {
      SMOKE_EMAIL: buyer.email,
      SMOKE_PASSWORD: buyer.password,
      SMOKE_APP: paidApp.slug,
    });
    expect(run.code, run.out + run.err).toBe(0);
    expect(line(run.out, 'health')).toMatch(/PASS.*web app and API answer; payments: not configured/);
    expect(line(run.out, 'marketplace')).toMatch(/PASS.*\d+ published apps?/);
    expect(line(run.out, 'sign-in')).toMatch(new RegExp(`PASS.*signed in as ${buyer.email}`));
    expect(line(run.out, 'checkout')).toMatch(
      new RegExp(`PASS.*${paidApp.name}: local test checkout cs_test_local_\\S+ opened \\(not paid\\)`),
    );
    expect(run.out).toContain('PASSED: all 4 checks passed');

    // A second run at once: the open unpaid checkout answers 409, and the script says what to do.
    const again = smoke([apiUrl()], {
      SMOKE_EMAIL: buyer.email,
      SMOKE_PASSWORD: buyer.password,
      SMOKE_APP: paidApp.slug,
    });
    expect(again.code).toBe(1);
    expect(line(again.out, 'checkout')).toMatch(/FAIL.*earlier run stays open 3 minutes; wait, or set SMOKE_APP/);
    expect(again.out).toContain('FAILED: 1 of 4 checks failed');
  }, 180_000);

  it('fails sign-in on a wrong password and does not attempt the checkout', () => {
    const run = smoke([apiUrl()], { SMOKE_EMAIL: buyer.email, SMOKE_PASSWORD: 'not-the-password' });
    expect(run.code).toBe(1);
    expect(line(run.out, 'health')).toMatch(/^\s+PASS/);
    expect(line(run.out, 'sign-in')).toMatch(/FAIL.*POST \/api\/login answered 401/);
    expect(line(run.out, 'checkout')).toMatch(/FAIL.*not run: sign-in failed/);
  }, 120_000);

  it('fails every check, with the reason, when nothing answers at the URL', async () => {
    const closed = createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    closed.close();
    await once(closed, 'close');
    const run = smoke([`http://127.0.0.1:${port}`], { SMOKE_EMAIL: buyer.email, SMOKE_PASSWORD: buyer.password });
    expect(run.code).toBe(1);
    expect(line(run.out, 'health')).toMatch(/FAIL.*GET \/: ECONNREFUSED/);
    expect(line(run.out, 'marketplace')).toMatch(/FAIL/);
    expect(run.out).toContain('FAILED: 4 of 4 checks failed');
  }, 120_000);

  it('prints its usage without a URL', () => {
    const run = smoke([], {});
    expect(run.code).toBe(2);
    expect(run.err).toContain('Usage: npm run smoke -- <site URL>');
  }, 60_000);
});
