/**
 * Adapters of the two outside systems of the sync, over HTTP with a timeout, every item
 * validated with zod at the boundary (shared/schemas/outside-systems.ts; contracts in
 * shared/contracts/). Where each system is, its API key and the timeout come from wiring
 * (functions/wiring/sync.ts), read at every call: the key through functions/secrets.ts in the cloud,
 * so a key replaced in Secrets Manager is used within minutes, without a cold start.
 */

import {
  INTERNAL_ITEMS,
  INTERNAL_RESOURCES,
  LegacyAccountSchema,
  type LegacyEvent,
  LegacyEventPageSchema,
  LegacyHealthSchema,
  pageOf,
} from '@shared/schemas/outside-systems';
import type * as z from 'zod';
import { type InternalSystem, type LegacySystem, OutsideSystemError } from '../core/sync/ports';
import { getJson, type OutsideHttpOptions, validatePage } from './outside-http';

const PAGE_SIZE = 200;
/** A paged list longer than this is refused (a runaway source), not loaded half. */
const MAX_PAGES = 200;

/** Where an outside system is and how to call it; `urlVariable` is named when the URL is missing. */
export interface OutsideSystemSettings {
  baseUrl: string | undefined;
  urlVariable: string;
  apiKey: () => Promise<string>;
  timeoutMs: number;
  /**
   * GET /health's own limit: health reports a probe "slow" at 2 s whatever the sync's timeout, so
   * its request may outlive that (it is dropped here) without answering sooner as "unreachable".
   */
  healthTimeoutMs: number;
}

/** The answer while a system has no address (sync routes answer 503 with it; a queued run fails with it). */
const notConfigured = (system: OutsideHttpOptions['system'], settings: OutsideSystemSettings) =>
  `${system} is not configured: set ${settings.urlVariable}`;
const unconfigured = (system: OutsideHttpOptions['system'], settings: OutsideSystemSettings): string | undefined =>
  settings.baseUrl ? undefined : notConfigured(system, settings);

function options(
  system: OutsideHttpOptions['system'],
  settings: OutsideSystemSettings,
  purpose: 'sync' | 'health' = 'sync',
): OutsideHttpOptions {
  const { baseUrl } = settings;
  if (!baseUrl) throw new OutsideSystemError(notConfigured(system, settings));
  const timeoutMs = purpose === 'health' ? settings.healthTimeoutMs : settings.timeoutMs;
  return { system, baseUrl, apiKey: settings.apiKey, timeoutMs };
}

async function allPages<T extends z.ZodType>(opts: OutsideHttpOptions, path: string, item: T): Promise<z.infer<T>[]> {
  const schema = pageOf(item);
  const out: z.infer<T>[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const p = `${path}?page=${page}&page_size=${PAGE_SIZE}`;
    const { body } = await getJson(opts, p);
    const parsed = validatePage(opts, p, schema, body);
    out.push(...(parsed.items as z.infer<T>[]));
    if (!parsed.has_more) return out;
  }
  throw new OutsideSystemError(`${opts.system} answered more than ${MAX_PAGES} pages for ${path}`);
}

/** The internal practice system (its catalogue), with the settings of the moment. */
export const httpInternalSystem = (settings: () => OutsideSystemSettings): InternalSystem => ({
  async fetch(kind) {
    const opts = options('Internal system', settings());
    return (await allPages(opts, INTERNAL_RESOURCES[kind], INTERNAL_ITEMS[kind])) as never;
  },
  async ping() {
    return (await getJson(options('Internal system', settings(), 'health'), '/health')).ms;
  },
  unconfigured: () => unconfigured('Internal system', settings()),
});

/** The legacy developer portal (accounts, practice events), with the settings of the moment. */
export const httpLegacySystem = (settings: () => OutsideSystemSettings): LegacySystem => ({
  async accounts() {
    return allPages(options('Legacy system', settings()), '/v1/accounts', LegacyAccountSchema);
  },
  async eventsAfter(cursor, max) {
    const opts = options('Legacy system', settings());
    const out: LegacyEvent[] = [];
    let after = cursor;
    while (out.length < max) {
      const limit = Math.min(200, max - out.length);
      const path = `/v1/events?${after ? `after=${encodeURIComponent(after)}&` : ''}limit=${limit}`;
      const { body } = await getJson(opts, path);
      const page = validatePage(opts, path, LegacyEventPageSchema, body);
      out.push(...page.items);
      const last = page.items.at(-1);
      if (!page.has_more || !last) break;
      after = last.cursor;
    }
    return out;
  },
  async ping() {
    return (await getJson(options('Legacy system', settings(), 'health'), '/health')).ms;
  },
  async head() {
    const opts = options('Legacy system', settings(), 'health');
    const { body, ms } = await getJson(opts, '/health');
    const parsed = LegacyHealthSchema.safeParse(body);
    if (!parsed.success) throw new OutsideSystemError('Legacy system answered GET /health with an invalid body');
    return { ms, latestCursor: parsed.data.latest_cursor };
  },
  unconfigured: () => unconfigured('Legacy system', settings()),
});
