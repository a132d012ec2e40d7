/**
 * The public marketplace answers of this process (http/answer-cache.ts), checked against the
 * catalogue version in the table (adapters/dynamodb/catalogue-version.ts): the marketplace API and
 * the storefront pages share it. Kept for the life of the process.
 */
import { catalogueVersion } from '../adapters/dynamodb/catalogue-version';
import { createAnswerCache } from '../http/answer-cache';
import { lazyService } from './lazy';

export const answerCache = /* @__PURE__ */ lazyService(() => createAnswerCache(catalogueVersion), { once: true });
