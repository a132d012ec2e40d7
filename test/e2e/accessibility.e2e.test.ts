/**
 * Accessibility, end to end in a real headless Chromium: axe-core (@axe-core/playwright) runs on
 * every screen of every role — each path of frontend/src/app/router.tsx as the visitor, the
 * developer and the admin who can open it, the screens a practice (a buyer account) uses, plus the dialogs and wizard steps a user reaches on
 * them — and fails on any serious or critical violation. A route added to the router without a
 * screen here fails the first test, so new screens get checked too.
 */
import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freeAppPayload, newPractice } from '../support/api';
import { TEST_ADMIN } from '../support/constants';
import { launchBrowser, newPage, signInAsAdmin, signInAsDeveloper, trackRequests } from './support/browser';

const DEMO_DEVELOPER = { email: 'dr.chen@brightsmile.dev', password: 'demo1234' };

type Role = 'visitor' | 'practice' | 'developer' | 'admin';
interface Screen {
  role: Role;
  /** The router path this screen renders (a pattern, as written in router.tsx). */
  route: string;
  /** What to open, when it differs from the route. */
  url?: string | (() => Promise<string>);
  name: string;
  /** Waits for the screen's content and opens dialogs or steps. */
  ready: (page: Page) => Promise<unknown>;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name }).first().waitFor();
const text = (page: Page, value: string | RegExp) => page.getByText(value).first().waitFor();
const openCheckout = (page: Page) => page.getByRole('button', { name: 'Purchase License' }).click();

/** A screen of a signed-in area, opened at its route under the area's path (`query` added). */
const inArea =
  (role: Role, base: string) =>
  (route: string, name: string, ready: Screen['ready'], query = ''): Screen => ({
    role,
    route,
    url: `${base}/${route}${query}`,
    name,
    ready,
  });
const developerScreen = inArea('developer', '/dashboard');
const adminScreen = inArea('admin', '/admin');
/** An app's page, as `role` sees it. */
const appDetail = (role: Role, slug: string, name: string, ready: Screen['ready']): Screen => ({
  role,
  route: '/marketplace/app/:slug',
  url: `/marketplace/app/${slug}`,
  name,
  ready,
});
/** A page a mailed link opens, with a token that is not one: what a visitor meets with a stale link. */
const tokenLink = (route: string, name: string, ready: Screen['ready'], token = 'not-a-real-token'): Screen => ({
  role: 'visitor',
  route,
  url: `${route}?token=${token}`,
  name,
  ready,
});

let firstDeveloperId = '';
/** The approved app edited after approval (editedApprovedApp). */
const EDITED_APP = `Axe Review ${Date.now().toString(36)}`;
const SCREENS: Screen[] = [
  // Visitor (signed out)
  {
    role: 'visitor',
    route: '/',
    name: 'Marketplace home',
    ready: (p) => heading(p, 'Software your practice can trust'),
  },
  {
    role: 'visitor',
    route: '/marketplace',
    name: 'Marketplace (redirects home)',
    ready: (p) => heading(p, 'Software your practice can trust'),
  },
  { role: 'visitor', route: '/marketplace/categories', name: 'Categories', ready: (p) => text(p, 'Clinical Tools') },
  {
    role: 'visitor',
    route: '/marketplace/category/:slug',
    url: '/marketplace/category/clinical-tools',
    name: 'Category',
    ready: (p) => text(p, /^Showing \d+ of \d+ apps in Clinical Tools$/),
  },
  appDetail('visitor', 'periochart-pro', 'App detail (paid)', (p) => text(p, 'License Pricing')),
  appDetail('visitor', 'smilepay-patient-payments', 'App detail (free)', (p) => text(p, 'License Pricing')),
  appDetail('visitor', 'periochart-pro', 'Checkout modal (guest)', async (p) => {
    await openCheckout(p);
    await p.getByRole('dialog', { name: 'Complete Your Purchase' }).waitFor();
  }),
  appDetail(
    'visitor',
    'chartsmile-patient-hub',
    'App detail with its permissions declared (permissions section)',
    async (p) => {
      await text(p, 'Permissions');
      await text(p, /A row was inserted into appointment/);
    },
  ),
  appDetail('visitor', 'chartsmile-patient-hub', 'Checkout modal with the consent summary (guest)', async (p) => {
    await openCheckout(p);
    const dialog = p.getByRole('dialog', { name: 'Complete Your Purchase' });
    await dialog.getByRole('region', { name: 'This app asks for' }).waitFor();
  }),
  tokenLink(
    '/marketplace/confirm-license',
    'Confirm a free licence (guest)',
    (p) => p.getByRole('heading', { level: 1 }).waitFor(),
    'not-a-real-token-000',
  ),
  tokenLink(
    '/login/link',
    'Sign in with a mailed link',
    (p) => heading(p, 'Sign in with your link'),
    'not-a-real-token-000',
  ),
  {
    role: 'visitor',
    route: '/marketplace/purchase-success',
    name: 'Purchase success (no session)',
    ready: (p) => p.locator('main').first().waitFor(),
  },
  { role: 'visitor', route: '/docs', name: 'API docs', ready: (p) => heading(p, 'API Documentation') },
  { role: 'visitor', route: '/terms', name: 'Terms', ready: (p) => heading(p, /Terms/) },
  { role: 'visitor', route: '/privacy-policy', name: 'Privacy policy', ready: (p) => heading(p, /Privacy/) },
  { role: 'visitor', route: '/support', name: 'Support', ready: (p) => heading(p, 'How can we help?') },
  { role: 'visitor', route: '/coming-soon', name: 'Coming soon', ready: (p) => p.locator('main').first().waitFor() },
  { role: 'visitor', route: '/portal', name: 'Developer portal', ready: (p) => p.locator('main').first().waitFor() },
  { role: 'visitor', route: '/login', name: 'Sign in', ready: (p) => p.getByLabel('Email').waitFor() },
  { role: 'visitor', route: '/signup', name: 'Sign up', ready: (p) => p.getByLabel(/Company Name/).waitFor() },
  {
    role: 'visitor',
    route: '/signup',
    url: '/signup?type=practice',
    name: 'Sign up as a practice',
    ready: (p) => p.getByLabel(/Practice Name/).waitFor(),
  },
  tokenLink('/claim-account', 'Claim a guest purchase', (p) =>
    p.getByText('This link is invalid or has expired.').waitFor(),
  ),
  tokenLink('/marketplace/app-access', "An app's access from the licence mail's link", (p) =>
    p.getByText(/This link is invalid or has expired/).waitFor(),
  ),
  tokenLink('/accept-invitation', 'Accept an invitation', (p) => heading(p, 'Set your password')),
  {
    role: 'visitor',
    route: '/forgot-password',
    name: 'Forgot password',
    ready: (p) => p.getByLabel(/Email/).waitFor(),
  },
  {
    role: 'visitor',
    route: '/admin-login',
    name: 'Admin sign in',
    ready: (p) => p.getByLabel('Admin email').waitFor(),
  },
  tokenLink('/reset-password', 'Reset password', (p) => p.locator('form, [role="alert"]').first().waitFor()),
  tokenLink('/verify-email', 'Verify e-mail', (p) => heading(p, 'Verify your email address')),

  // Practice (a buyer account: lands on My Purchases, browses and buys signed in)
  {
    role: 'practice',
    route: '/marketplace/my-purchases',
    name: 'My Purchases (practice)',
    ready: (p) => heading(p, /Purchased Licenses/),
  },
  {
    role: 'practice',
    route: '/',
    name: 'Marketplace home (practice)',
    ready: async (p) => {
      await heading(p, 'Software your practice can trust');
      await p
        .getByRole('link', { name: /My Purchases/ })
        .first()
        .waitFor();
    },
  },
  appDetail('practice', 'periochart-pro', 'App detail (practice)', (p) => text(p, 'License Pricing')),
  appDetail('practice', 'periochart-pro', 'Checkout modal (signed-in practice)', async (p) => {
    await openCheckout(p);
    await p.getByRole('dialog').first().waitFor();
  }),

  // Developer
  {
    role: 'developer',
    route: '/marketplace/my-purchases',
    name: 'My purchased licenses',
    ready: (p) => heading(p, /Purchased Licenses/),
  },
  {
    role: 'developer',
    route: '/dashboard',
    name: 'Developer dashboard',
    ready: (p) => heading(p, /Welcome|Dashboard/),
  },
  developerScreen('api-keys', 'API keys', (p) => heading(p, 'API Keys')),
  developerScreen('apps', 'My apps', (p) => heading(p, 'My Apps')),
  developerScreen('apps', 'My apps, an approved app with changes waiting for review (Withdraw changes)', (p) =>
    p.getByRole('button', { name: 'Withdraw changes' }).first().waitFor(),
  ),
  developerScreen('webhooks', 'Webhooks', (p) => heading(p, /Webhooks/)),
  developerScreen('marketplace', 'Developer marketplace', (p) => heading(p, /Marketplace/)),
  developerScreen('submit-app', 'Submit wizard, step 1 (Basics)', (p) =>
    p.getByRole('heading', { level: 2, name: 'Basics' }).waitFor(),
  ),
  developerScreen('submit-app', 'Quick create', (p) => heading(p, 'Quick Create'), '?mode=simple'),
  // Admin
  {
    role: 'admin',
    route: '/admin',
    name: 'Admin dashboard',
    // The polling buttons fade from disabled to enabled once the status arrives: wait for it, or
    // axe can measure a button half-way through that fade (seen once: 2.32:1 on "Start Polling").
    ready: async (p) => {
      await heading(p, /Dashboard/);
      await text(p, /Legacy event polling: (Active|Inactive)/);
    },
  },
  adminScreen('users', 'User management', (p) => heading(p, 'User Management')),
  {
    role: 'admin',
    route: 'users/:id',
    url: async () => `/admin/users/${encodeURIComponent(firstDeveloperId)}`,
    name: 'User detail',
    ready: (p) => text(p, DEMO_DEVELOPER.email),
  },
  adminScreen('apps', 'App management', (p) => heading(p, 'App Management')),
  adminScreen('apps', 'App management, app detail dialog', async (p) => {
    await p
      .getByRole('button', { name: /^View / })
      .first()
      .click();
    await p.getByRole('dialog').getByRole('heading', { name: 'Basic Information' }).waitFor();
  }),
  adminScreen('apps', 'App management, an approved app edited after approval, its changes opened', async (p) => {
    await p.getByRole('searchbox', { name: 'Search apps' }).fill(EDITED_APP);
    const row = p.getByRole('row').filter({ hasText: EDITED_APP });
    await row.getByText('Show changes').click();
    await row.getByRole('table', { name: `Changes of ${EDITED_APP} waiting for review` }).waitFor();
  }),
  adminScreen('logs', 'Webhook logs', (p) => heading(p, /Logs/)),
  adminScreen('logs', 'Audit trail', (p) => heading(p, /Audit Trail/), '?tab=audit'),
  adminScreen('settings', 'Admin settings', (p) => heading(p, /Settings/)),
  adminScreen('internal-sync', 'Internal sync', (p) => heading(p, /Sync/)),
  adminScreen('categories', 'Category management', (p) => heading(p, /Categor/)),
  adminScreen('categories', 'Category form dialog', async (p) => {
    await p
      .getByRole('button', { name: /Add Category|New Category/ })
      .first()
      .click();
    await p.getByRole('dialog').first().waitFor();
  }),
  adminScreen('queue', 'Sync queue', (p) => heading(p, /Queue/)),
  // Keyboard: the status filter is chosen with the arrow keys, and the server is asked for it.
  adminScreen('sync-history', 'Sync history', async (p) => {
    await heading(p, 'Sync History');
    await text(p, /^Showing \d+ runs/);
    const asked = p.waitForRequest((r) => /\/api\/admin\/sync\/history\?.*status=queued/.test(r.url()));
    await p.getByLabel('Run status').focus();
    await p.keyboard.press('ArrowDown');
    await asked;
    await text(p, /^Showing \d+ runs|No runs match these filters/);
  }),
];

const BLOCKING = new Set(['serious', 'critical']);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  const api = inject('apiUrl');
  const login = await fetch(`${api}/api/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const users = await fetch(`${api}/api/admin/users?q=${encodeURIComponent(DEMO_DEVELOPER.email)}`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  const body = (await users.json()) as
    | Array<{ id: string; email: string }>
    | { items: Array<{ id: string; email: string }> };
  const list = Array.isArray(body) ? body : body.items;
  firstDeveloperId = list.find((u) => u.email === DEMO_DEVELOPER.email)?.id ?? '';
  expect(firstDeveloperId).not.toBe('');
  await editedApprovedApp(api, access_token);
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Issue 30's screens: an approved app of the demo developer, edited after approval, so the admin's
 * App Management shows its waiting changes (ReviewDiff) and the developer's My Apps its Withdraw
 * changes button. Made through the API as a developer and an admin would.
 */
async function editedApprovedApp(apiUrl: string, adminToken: string) {
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${apiUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}`).toBeLessThan(300);
    return (await res.json()) as { id: string; access_token: string };
  };
  const { access_token: dev } = await call('POST', '/api/login', '', DEMO_DEVELOPER);
  const created = await call('POST', '/api/apps/submit', dev, freeAppPayload(EDITED_APP));
  await call('POST', `/api/admin/apps/${created.id}/approve`, adminToken);
  await call('PUT', `/api/apps/${created.id}/update`, dev, freeAppPayload(EDITED_APP, { tagline: 'Now with charts' }));
}

/**
 * Entrance transitions (dialogs, toasts, fades) have ended, so axe measures colours at rest and
 * not half-way through a fade. Endless animations (spinners, skeletons) do not count.
 */
async function transitionsDone(page: Page) {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 10_000 },
  );
}

async function signIn(page: Page, role: Role) {
  if (role === 'practice') {
    // A fresh verified practice account, signed in through the form as a practice would: it lands
    // on My Purchases, not on the developer Dashboard.
    const practice = await newPractice({ company_name: 'Axe Family Dental' });
    await page.goto('/login');
    await page.getByLabel('Email').fill(practice.email);
    await page.getByLabel(/^Password/).fill(practice.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL('**/marketplace/my-purchases');
  } else if (role === 'developer') {
    await signInAsDeveloper(page, DEMO_DEVELOPER.email, DEMO_DEVELOPER.password);
  } else if (role === 'admin') {
    await signInAsAdmin(page);
  }
}

/** Every `path: '...'` and the index routes of router.tsx (with its storefront pages), as nested. */
function routerPaths(): string[] {
  const source = ['frontend/src/app/router.tsx', 'frontend/src/app/storefront-routes.tsx']
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const paths = new Set<string>();
  const ids = readFileSync('frontend/src/config/paths.ts', 'utf8');
  const pathOf = (name: string) => new RegExp(`\\b${name}: '([^']+)'`).exec(ids)?.[1];
  for (const m of source.matchAll(/path: (?:'([^']+)'|paths\.(\w+))/g)) {
    const path = m[1] ?? pathOf(m[2] ?? '');
    if (path && path !== '*') paths.add(path);
  }
  // Index routes: home, and the index of each parent that has its own path.
  paths.add('/');
  return [...paths];
}

describe('axe on every screen of every role', () => {
  it('runs axe 4.14 or later, where "label in name" (WCAG 2.5.3) is a rule of the wcag21a set', () => {
    const { version } = JSON.parse(readFileSync('node_modules/axe-core/package.json', 'utf8')) as { version: string };
    const [major, minor] = version.split('.').map(Number);
    expect((major ?? 0) * 1000 + (minor ?? 0), version).toBeGreaterThanOrEqual(4014);
    const rules = axe.getRules(['wcag21a']).map((r) => r.ruleId);
    expect(rules).toContain('label-content-name-mismatch');
  });

  it('covers every route of the router', () => {
    const covered = new Set(SCREENS.map((s) => s.route));
    const missing = routerPaths().filter((p) => !covered.has(p));
    expect(missing).toEqual([]);
  });

  const results: Array<{ role: Role; name: string; url: string; blocking: string[] }> = [];
  afterAll(() => {
    console.log(
      `axe covered ${results.length} screens:\n${results
        .map((r) => `  [${r.role}] ${r.name} (${r.url}): ${r.blocking.length} serious/critical`)
        .join('\n')}`,
    );
  });

  for (const role of ['visitor', 'practice', 'developer', 'admin'] as const) {
    describe(`as the ${role}`, () => {
      let page: Page;
      let close: () => Promise<void>;
      let requests: ReturnType<typeof trackRequests>;
      beforeAll(async () => {
        const opened = await newPage(browser);
        page = opened.page;
        requests = trackRequests(page);
        close = () => opened.context.close();
        await signIn(page, role);
      }, 120_000);
      afterAll(async () => {
        await close?.();
      });

      for (const screen of SCREENS.filter((s) => s.role === role)) {
        it(`${screen.name}: no serious or critical violation`, async () => {
          const url = typeof screen.url === 'function' ? await screen.url() : (screen.url ?? screen.route);
          await page.goto(url);
          await screen.ready(page);
          // The screen's data and assets have arrived (no request in flight), as networkidle
          // checked without its 500 ms of quiet per screen.
          await requests.settled();
          await transitionsDone(page);
          const { violations } = await new AxeBuilder({ page })
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
            // Only the violations are read: axe then keeps one node of each pass, not every node.
            .options({ resultTypes: ['violations'] })
            // axe.run in the page itself: the default (runPartial, then finishRun in a second,
            // blank page with axe injected again) is there for cross-origin iframes, which the
            // SPA has none of; same-origin frames are still checked. Half the time per screen.
            .setLegacyMode(true)
            .analyze();
          const blocking = violations
            .filter((v) => BLOCKING.has(v.impact ?? ''))
            .map(
              (v) =>
                `[${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes
                  .slice(0, 5)
                  .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
                  .join('\n    ')}`,
            );
          results.push({ role, name: screen.name, url, blocking });
          if (blocking.length) console.log(`axe: ${screen.name} (${url}):\n  ${blocking.join('\n  ')}`);
          expect(blocking, blocking.join('\n')).toEqual([]);
        }, 240_000); // axe over the API reference (every operation with its schemas) takes tens of seconds on 2 cores
      }
    });
  }
});
