/**
 * The public answers of this process (http/answer-cache.ts), checked against the catalogue version
 * in the table (adapters/dynamodb/catalogue-version.ts). Two caches with budgets of their own: the
 * marketplace API's answers, and the storefront's rendered pages (keyed on the path and the query
 * parameters the page reads, functions/storefront/pages.ts), so page variants a visitor makes up
 * (`/?q=<random>`) can only push other pages out, never the API's answers. Kept for the life of
 * the process while the catalogue is unchanged.
 */
import { catalogueVersion } from '../adapters/dynamodb/catalogue-version';
import { createAnswerCache } from '../http/answer-cache';
import { lazyService } from './lazy';

/** The API's answers: lists of at most 1 MB, most far smaller. */
export const answerCache = /* @__PURE__ */ lazyService(
  () => createAnswerCache(catalogueVersion, { maxBytes: 48 * 1024 * 1024, maxEntries: 2_000 }),
  { once: true },
);

/** The storefront's pages (HTML of at most 300 KB each). */
export const pageCache = /* @__PURE__ */ lazyService(
  () => createAnswerCache(catalogueVersion, { maxBytes: 24 * 1024 * 1024, maxEntries: 500 }),
  { once: true },
);
