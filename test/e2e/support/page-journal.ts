/**
 * What each open page went through, kept so a failing e2e test says why: its failed requests
 * (an answer of 400 or more, with the API's `detail`, or no answer at all), its console errors
 * and uncaught exceptions, then, on failure, its address and the text on screen. The e2e
 * project's setup file (failure-report.ts) prints this after every failed test; a timeout that
 * only says "waiting for getByRole(...)" cannot tell a slow answer from a failed one.
 */
import type { Page } from 'playwright-core';

const MAX_ENTRIES = 40;
const journals = new Map<Page, string[]>();

function note(page: Page, line: string) {
  const journal = journals.get(page);
  if (!journal) return;
  journal.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
  if (journal.length > MAX_ENTRIES) journal.shift();
}

/** Starts keeping the journal of `page` (newPage calls it); it ends when the page closes. */
export function keepJournal(page: Page): void {
  journals.set(page, []);
  page.on('close', () => journals.delete(page));
  page.on('response', (res) => {
    if (res.status() < 400) return;
    const req = res.request();
    const line = `${res.status()} ${req.method()} ${res.url()}`;
    if (!new URL(res.url()).pathname.startsWith('/api/')) return note(page, line);
    res.text().then(
      (body) => note(page, `${line} ${body.slice(0, 300)}`),
      () => note(page, line),
    );
  });
  page.on('requestfailed', (req) =>
    note(page, `failed ${req.method()} ${req.url()} ${req.failure()?.errorText ?? ''}`),
  );
  page.on('console', (msg) => {
    // "Failed to load resource" repeats a response noted above.
    if (msg.type() !== 'error' && msg.type() !== 'warning') return;
    if (msg.text().startsWith('Failed to load resource')) return;
    note(page, `console.${msg.type()} ${msg.text().slice(0, 300)}`);
  });
  page.on('pageerror', (err) => note(page, `pageerror ${err.message.slice(0, 300)}`));
}

/** Every open page's journal, address and visible text (of its main landmark, the first 2,000 characters). */
export async function describeOpenPages(): Promise<string> {
  const parts: string[] = [];
  for (const [page, journal] of journals) {
    const main = page.locator('main');
    const target = (await main.count().catch(() => 0)) > 0 ? main.first() : page.locator('body');
    // The text as rendered (hidden nodes left out) is what the test looked at.
    // biome-ignore lint/performance/useDomNodeTextContent: see above
    const shown = target.innerText({ timeout: 2000 });
    const text = await shown
      .then((t) => t.replace(/\n{2,}/g, '\n').slice(0, 2000))
      .catch((err: Error) => `(text unavailable: ${err.message})`);
    parts.push(
      [
        `— page ${page.url()}`,
        ...journal.map((l) => `  ${l}`),
        '  on screen:',
        ...text.split('\n').map((l) => `  | ${l}`),
      ].join('\n'),
    );
  }
  return parts.join('\n');
}
