/**
 * Issue 30, finding 10 (low): storefront cache busting. The storefront's pages were cached in the
 * process per raw query string, in the same answer cache as the marketplace API's answers, so about
 * 220 made-up `/?q=<random>` variants pushed every API answer out, and every visitor's next list
 * read went to the table again. Pages now have a cache of their own (wiring/answer-cache.ts
 * pageCache), keyed on the path and the parameters the page reads (PAGE_PARAMS); at the edge they
 * have their own CloudFront cache policy (test/infra/stacks.test.ts).
 *
 * The server runs in this worker, so the test sees its caches: it fails if pages are ever written
 * into the API's cache again (its entries and bytes would move, or the API's answer be recomputed).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ownServer } from './support/own-server';

const server = ownServer();

/** How many page variants: past the ~220 that evicted every API answer when pages shared its cache. */
const VARIANTS = 240;

describe('storefront page variants and the API answer cache', () => {
  it(`${VARIANTS} random ?q= home-page variants leave the API's cached answers in place`, async () => {
    const { answerCache, pageCache } = await import('../../functions/wiring/answer-cache');
    const get = (path: string) =>
      fetch(`${server.url}${path}`).then(async (r) => ({ status: r.status, text: await r.text() }));

    // The API's answers, cached by this process.
    const categories = await get('/api/categories');
    expect(categories.status).toBe(200);
    expect((await get('/api/marketplace/apps?limit=5')).status).toBe(200);
    const apiBefore = answerCache.stats();
    expect(apiBefore.entries).toBeGreaterThanOrEqual(2);
    const pagesBefore = pageCache.stats().entries;

    // Made-up searches, a few at a time, as a crawler or an attacker would send them.
    const paths = Array.from({ length: VARIANTS }, () => `/?q=${randomUUID()}`);
    for (let i = 0; i < paths.length; i += 6) {
      const answers = await Promise.all(paths.slice(i, i + 6).map(get));
      for (const a of answers) expect(a.status).toBe(200);
    }
    // Each search made a page of its own, in the pages' cache (a page rendered from a listing older
    // than the catalogue is served once and not kept, so a few may be missing)...
    const pagesAfter = pageCache.stats().entries;
    expect(pagesAfter).toBeGreaterThan(Math.min(pagesBefore + VARIANTS * 0.8, 400));
    // ...while parameters no page reads make no new entries (one categories page at most).
    for (let i = 0; i < 20; i++) expect((await get(`/marketplace/categories?x=${randomUUID()}`)).status).toBe(200);
    expect(pageCache.stats().entries - pagesAfter).toBeLessThanOrEqual(1);
    // ...and none of it went into the API's: the same answers, the same bytes.
    expect(answerCache.stats()).toEqual(apiBefore);
    // The categories answer is still the cached one: asking for it computes nothing.
    let computed = false;
    const cached = await answerCache.answer('categories', async () => {
      computed = true;
      return [];
    });
    expect(computed).toBe(false);
    expect(String(cached.raw?.data)).toBe(categories.text);
  });
});
