/**
 * Smoke test of a deployed stack (docs/deploy.md, last step):
 *
 *   SMOKE_EMAIL=smoke@your-domain.example SMOKE_PASSWORD=... npm run smoke -- https://market.your-domain.example
 *
 * Checks, in order, as a visitor and a signed-in buyer would:
 *   1. health:      the site answers its web app (200, HTML) and GET /api/config answers JSON
 *                   (and says whether Stripe is configured);
 *   2. marketplace: GET /api/marketplace/apps answers the list of published apps;
 *   3. sign-in:     POST /api/login with SMOKE_EMAIL / SMOKE_PASSWORD gives a token that
 *                   GET /api/user/profile accepts for that address;
 *   4. checkout:    a checkout of a paid app (SMOKE_APP, a slug, or the first paid app listed)
 *                   opens a session: with Stripe, a TEST-mode Checkout session (cs_test_..., on
 *                   checkout.stripe.com; a live-mode key fails the check); without Stripe (local
 *                   runtime), the labelled test-checkout page. Nothing is paid: the unpaid
 *                   purchase stays pending, and the same account may check out that app again
 *                   after 3 minutes.
 * Prints PASS/FAIL per check with the reason and exits 1 when any failed.
 * SMOKE_TIMEOUT_MS (default 15000) bounds each request.
 */

import * as z from 'zod';
import { runScript } from './support/run-script';

interface Answer {
  status: number;
  type: string;
  text: string;
  /** The parsed JSON body (undefined when it is not JSON); read through the schemas below. */
  json: unknown;
}

// The fields the checks read, and only those: an answer without them fails its check.
const DetailAnswer = z.object({ detail: z.string() });
const ConfigAnswer = z.object({ stripe_enabled: z.boolean() });
const ListedApp = z.object({
  id: z.string(),
  slug: z.string().optional(),
  name: z.string(),
  pricing_model: z.string().nullish(),
  price: z.unknown(),
});
const AppsAnswer = z.union([z.array(ListedApp), z.object({ items: z.array(ListedApp) }).transform((p) => p.items)]);
const LoginAnswer = z.object({ access_token: z.string() });
const ProfileAnswer = z.object({ email: z.string() });
const SessionAnswer = z.object({ session_id: z.string(), checkout_url: z.string() });

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

const TIMEOUT_MS = Number(process.env.SMOKE_TIMEOUT_MS ?? 15_000);

class CheckFailed extends Error {}

function fail(message: string): never {
  throw new CheckFailed(message);
}

function baseUrlOf(arg: string | undefined): URL {
  if (!arg) {
    console.error('Usage: npm run smoke -- <site URL>   (e.g. https://d1234abcd.cloudfront.net)');
    process.exit(2);
  }
  try {
    const url = new URL(arg);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('not http(s)');
    return url;
  } catch {
    console.error(`Not a URL: ${arg}`);
    process.exit(2);
  }
}

const detailOf = (a: Answer): string =>
  DetailAnswer.safeParse(a.json).data?.detail ?? a.text.slice(0, 160).replace(/\s+/g, ' ');

async function request(base: URL, method: string, path: string, opts: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { accept: 'application/json, text/html;q=0.9' };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(new URL(path, base), {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const why =
      e.name === 'TimeoutError'
        ? `no answer within ${TIMEOUT_MS} ms`
        : (e.cause?.code ?? e.cause?.message ?? e.message);
    fail(`${method} ${path}: ${why}`);
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const answer: Answer = { status: res.status, type: res.headers.get('content-type') ?? '', text, json };
  return answer;
}

function expectStatus(a: Answer, status: number, what: string): void {
  if (a.status !== status) fail(`${what} answered ${a.status}${a.text ? `: ${detailOf(a)}` : ''}`);
}

async function main(): Promise<number> {
  const base = baseUrlOf(process.argv.slice(2).find((a) => !a.startsWith('-')));
  const checks: Check[] = [];
  const state: { stripe?: boolean; apps?: z.infer<typeof ListedApp>[]; token?: string } = {};

  const run = async (name: string, body: () => Promise<string>, needs?: () => string | undefined) => {
    const missing = needs?.();
    if (missing) {
      checks.push({ name, ok: false, detail: `not run: ${missing}` });
    } else {
      try {
        checks.push({ name, ok: true, detail: await body() });
      } catch (err) {
        checks.push({ name, ok: false, detail: err instanceof CheckFailed ? err.message : String(err) });
      }
    }
    const c = checks.at(-1);
    if (c) console.log(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.name.padEnd(12)} ${c.detail}`);
  };

  console.log(`Smoke test of ${base.origin}`);

  await run('health', async () => {
    const page = await request(base, 'GET', '/');
    expectStatus(page, 200, 'GET /');
    if (!page.type.includes('text/html')) fail(`GET / answered ${page.type || 'no content type'}, not the web app`);
    const config = await request(base, 'GET', '/api/config');
    expectStatus(config, 200, 'GET /api/config');
    const publicConfig = ConfigAnswer.safeParse(config.json).data;
    if (!publicConfig) fail('GET /api/config did not answer the public config');
    state.stripe = publicConfig.stripe_enabled;
    return `web app and API answer; payments: ${state.stripe ? 'Stripe' : 'not configured (local test checkout only)'}`;
  });

  await run('marketplace', async () => {
    const list = await request(base, 'GET', '/api/marketplace/apps');
    expectStatus(list, 200, 'GET /api/marketplace/apps');
    const apps = AppsAnswer.safeParse(list.json).data;
    if (!apps) fail('GET /api/marketplace/apps did not answer a list of apps');
    state.apps = apps;
    return `${apps.length} published app${apps.length === 1 ? '' : 's'}`;
  });

  await run('sign-in', async () => {
    const email = process.env.SMOKE_EMAIL;
    const password = process.env.SMOKE_PASSWORD;
    if (!email || !password) fail('set SMOKE_EMAIL and SMOKE_PASSWORD (a developer account made for smoke tests)');
    const login = await request(base, 'POST', '/api/login', { body: { email, password } });
    expectStatus(login, 200, 'POST /api/login');
    const token = LoginAnswer.safeParse(login.json).data?.access_token;
    if (token === undefined) fail('POST /api/login answered no access_token');
    const profile = await request(base, 'GET', '/api/user/profile', { token });
    expectStatus(profile, 200, 'GET /api/user/profile with the new token');
    const profileEmail = ProfileAnswer.safeParse(profile.json).data?.email;
    if (String(profileEmail).toLowerCase() !== email.toLowerCase()) {
      fail(`GET /api/user/profile answered ${profileEmail}, not ${email}`);
    }
    state.token = token;
    return `signed in as ${email}`;
  });

  await run(
    'checkout',
    async () => {
      const wanted = process.env.SMOKE_APP;
      const apps = state.apps ?? [];
      const app = wanted
        ? apps.find((a) => a.slug === wanted || a.id === wanted)
        : apps.find((a) => a.pricing_model && a.pricing_model !== 'free' && Number(a.price) > 0);
      if (!app) {
        fail(
          wanted
            ? `SMOKE_APP "${wanted}" is not among the published apps`
            : 'no paid app is published: publish one (docs/deploy.md, "Smoke test") or name one with SMOKE_APP',
        );
      }
      const session = await request(base, 'POST', '/api/stripe/create-checkout-session', {
        token: state.token,
        body: { app_id: app.id },
      });
      if (session.status === 409) {
        fail(
          `${app.name}: ${detailOf(session)} (an unpaid checkout of an earlier run stays open 3 minutes; wait, or set SMOKE_APP to another paid app)`,
        );
      }
      expectStatus(session, 200, `POST /api/stripe/create-checkout-session (${app.name})`);
      const opened = SessionAnswer.safeParse(session.json).data;
      if (!opened) fail('the checkout answered no session_id/checkout_url');
      const { session_id: id, checkout_url: url } = opened;
      if (state.stripe) {
        if (id.startsWith('cs_live_'))
          fail(`Stripe is in LIVE mode (${id}): the smoke test only opens test-mode sessions`);
        if (!id.startsWith('cs_test_')) fail(`unexpected Stripe session id ${id}`);
        if (new URL(url).hostname !== 'checkout.stripe.com') fail(`checkout_url is not Stripe Checkout: ${url}`);
      } else {
        const page = await request(base, 'GET', new URL(url).pathname);
        expectStatus(page, 200, 'the local test-checkout page');
      }
      // Unpaid: the success page's lookup must not find a completed purchase behind the session.
      const purchase = await request(base, 'GET', `/api/stripe/purchase/${encodeURIComponent(id)}`);
      expectStatus(purchase, 404, `GET /api/stripe/purchase/${id} of the unpaid session`);
      return `${app.name}: ${state.stripe ? 'Stripe test-mode session' : 'local test checkout'} ${id} opened (not paid)`;
    },
    () => (state.token ? undefined : 'sign-in failed'),
  );

  const failed = checks.filter((c) => !c.ok).length;
  console.log(
    failed ? `FAILED: ${failed} of ${checks.length} checks failed` : `PASSED: all ${checks.length} checks passed`,
  );
  return failed ? 1 : 0;
}

runScript(main);
