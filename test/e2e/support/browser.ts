/**
 * A real headless Chromium (Debian's package) driven by playwright-core. The flags keep Chromium
 * from reaching out to the network, which this machine does not have. Chromium's headless shell
 * (package chromium-headless-shell: the same Blink and V8 without the browser's UI layers, what
 * Playwright itself runs headless) comes first when installed: it starts in a quarter of the time,
 * and a storefront journey took 14 s instead of 25-28 s on this 2-core machine.
 */
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { TEST_ADMIN } from '../../support/constants';
import { keepJournal } from './page-journal';

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].filter((p): p is string => Boolean(p));

export async function launchBrowser(): Promise<Browser> {
  const executablePath = CANDIDATES.find((p) => existsSync(p));
  if (!executablePath)
    throw new Error('Chromium not found: install it with `apt-get install -y chromium-headless-shell`.');
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

export const baseUrl = () => inject('apiUrl');

export async function newPage(
  browser: Browser,
  options: { timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  keepJournal(page);
  // Two e2e files run side by side on two cores (vitest.config.ts): a wait that usually takes a
  // second can take several. Only a failing wait lasts this long.
  page.setDefaultTimeout(30_000);
  return { context, page };
}

/**
 * One Chromium for the calling test file: launched before its tests, closed after them. Returns
 * the file's page opener (a fresh context per call, as newPage).
 */
export function oneBrowserPerFile(): (options?: {
  timezoneId?: string;
}) => Promise<{ context: BrowserContext; page: Page }> {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return (options) => {
    if (!browser) throw new Error('the browser opens in beforeAll: open pages inside a test');
    return newPage(browser, options);
  };
}

/**
 * Waits until React has hydrated a server-rendered storefront page (its handlers are attached to
 * the server's nodes): a click before that lands on inert HTML, as it would for a real visitor.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => Object.keys(document.querySelector('#root h1') ?? {}).some((k) => k.startsWith('__react')),
    undefined,
    { timeout: 30_000 },
  );
}

/** Signs a developer in through the SPA's sign-in form and waits for their dashboard. */
export async function signInAsDeveloper(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/dashboard');
}

/** Signs the suite's admin in through the admin sign-in form and waits for the admin dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin-login');
  await page.getByLabel('Admin email').fill(TEST_ADMIN.email);
  await page.getByLabel(/^Password/).fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In as Admin' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
}

/**
 * Counts the page's requests in flight, so a test can wait for the screen's data and assets to
 * have arrived: `settled()` resolves once no request is pending across two animation frames (a
 * response that makes the screen fetch more keeps it waiting), true; or false after `timeoutMs`
 * (a request that never ends, where networkidle timed out). Playwright's networkidle instead waits for
 * 500 ms without a request after the load event, on every screen.
 */
export function trackRequests(page: Page): { settled: (timeoutMs?: number) => Promise<boolean> } {
  let inFlight = 0;
  let wake: (() => void) | undefined;
  const finished = () => {
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) wake?.();
  };
  page.on('request', () => {
    inFlight += 1;
  });
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  const idle = () =>
    inFlight === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          wake = resolve;
        });
  const twoFrames = () =>
    page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))));
  return {
    async settled(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        });
        await Promise.race([idle(), timedOut]);
        clearTimeout(timer);
        wake = undefined;
        await twoFrames();
        if (inFlight === 0) return true;
      }
      return false;
    },
  };
}
