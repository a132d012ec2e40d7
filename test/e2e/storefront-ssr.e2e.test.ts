/**
 * The server-rendered storefront in Debian Chromium: each page hydrates the server's HTML without
 * a React hydration error or warning and without throwing any server-rendered node away, and is
 * interactive afterwards (search filters, the buy button opens the checkout).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { oneBrowserPerFile, trackRequests, waitForHydration } from './support/browser';

const openPage = oneBrowserPerFile();

/**
 * Counts the server's element nodes under #root that are later removed (a discarded server tree
 * shows here). The server's nodes are those present once the HTML is parsed, before any script
 * ran; what the client adds afterwards (sections that load per visitor) may come and go.
 */
const WATCH_ROOT = `(() => {
  window.__removedFromRoot = 0;
  let serverNodes;
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive' && !serverNodes) serverNodes = new WeakSet(document.querySelectorAll('#root *'));
  });
  new MutationObserver((records) => {
    for (const r of records) {
      const root = document.getElementById('root');
      if (!root || !root.contains(r.target) && r.target !== root) continue;
      for (const n of r.removedNodes) if (n.nodeType === 1 && n.tagName !== 'STYLE' && serverNodes && serverNodes.has(n)) window.__removedFromRoot++;
    }
  }).observe(document, { childList: true, subtree: true });
})()`;

async function openHydrated(page: Page, path: string, heading: RegExp | string) {
  const problems: string[] = [];
  page.on('console', (m) => {
    // An image on a developer's host that does not resolve here (other suites list apps with such
    // icons on the shared stack) is the network's failure, not the page's.
    if (m.text().startsWith('Failed to load resource: net::ERR_NAME_NOT_RESOLVED')) return;
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  const requests = trackRequests(page);
  await page.goto(path, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  // Rendered by the server: the heading is there before any script ran.
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  // Hydrated: React has attached its handlers to the server's nodes (in slices, as a transition).
  await waitForHydration(page);
  // Whatever the page loads after hydration has arrived (and could have logged a problem).
  if (!(await requests.settled(15_000))) problems.push('a request still pending 15 s after hydration');
  return problems;
}

describe('the server-rendered storefront hydrates in the browser', () => {
  it('/, the categories, a category and an app page hydrate without hydration errors and stay interactive', async () => {
    const { context, page } = await openPage();
    await context.addInitScript(WATCH_ROOT);
    const removed = () => page.evaluate(() => (window as unknown as { __removedFromRoot: number }).__removedFromRoot);

    const pages: Array<[string, RegExp | string]> = [
      ['/', 'Software your practice can trust'],
      ['/marketplace/categories', 'Browse by Category'],
      // Filtered by practice system from the query: the server renders the same filtered list.
      ['/marketplace/category/clinical-tools?works_with=open_dental', 'Clinical Tools'],
      ['/marketplace/app/periochart-pro', 'PerioChart Pro'],
    ];
    for (const [path, heading] of pages) {
      const problems = await openHydrated(page, path, heading);
      expect(problems, path).toEqual([]);
      expect(await removed(), `server-rendered nodes replaced on ${path}`).toBe(0);
      page.removeAllListeners('console');
      page.removeAllListeners('pageerror');
    }

    // Interactive: the app page's buy button opens the checkout.
    await page.getByRole('button', { name: 'Purchase License' }).click();
    await page.getByRole('dialog', { name: 'Complete Your Purchase' }).waitFor({ timeout: 45_000 });
    await page.keyboard.press('Escape');

    // Interactive: searching on the home page filters the server-rendered list.
    await openHydrated(page, '/', 'Software your practice can trust');
    await page.getByPlaceholder('Search apps by name or description...').fill('periochart');
    await page.getByText('1 app', { exact: true }).waitFor();
    await page
      .getByRole('link', { name: /PerioChart Pro/ })
      .first()
      .waitFor();
    await context.close();
  }, 240_000); // four full page loads on a shared machine

  it("hydrates an app page in a browser whose time zone puts the server's day on another date", async () => {
    // The server renders in its own zone (UTC in the cloud). Between UTC+14 and UTC-12 every moment
    // falls on another date than UTC in at least one of them: a date written in the browser's zone
    // ('Listed On') would differ from the server's there, and React would discard the server's HTML.
    for (const timezoneId of ['Pacific/Kiritimati', 'Etc/GMT+12']) {
      const { context, page } = await openPage({ timezoneId });
      await context.addInitScript(WATCH_ROOT);
      const problems = await openHydrated(page, '/marketplace/app/periochart-pro', 'PerioChart Pro');
      expect(problems, timezoneId).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __removedFromRoot: number }).__removedFromRoot)).toBe(0);
      await context.close();
    }
  }, 120_000);
});
