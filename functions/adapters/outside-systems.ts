/**
 * Adapters of the two outside systems of the sync, over HTTP with a timeout, every item
 * validated with zod at the boundary (shared/schemas/outside-systems.ts; contracts in
 * shared/contracts/). Base URLs come from INTERNAL_SYSTEM_URL / LEGACY_SYSTEM_URL; API keys from
 * INTERNAL_SYSTEM_API_KEY / LEGACY_SYSTEM_API_KEY locally, or from Secrets Manager in the cloud
 * (INTERNAL_SYSTEM_SECRET_ARN / LEGACY_SYSTEM_SECRET_ARN, secret string = the key; read once per
 * container).
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type * as z from 'zod';
import {
  INTERNAL_ITEMS,
  INTERNAL_RESOURCES,
  LegacyAccountSchema,
  type LegacyEvent,
  LegacyEventPageSchema,
  pageOf,
} from '../../shared/schemas/outside-systems';
import { getConfig } from '../config';
import { type InternalSystem, type LegacySystem, OutsideSystemError } from '../core/sync/ports';
import { getJson, type OutsideHttpOptions, validatePage } from './outside-http';
import { awsClientResilience, tagDependency } from './resilience';

const PAGE_SIZE = 200;
/** A paged list longer than this is refused (a runaway source), not loaded half. */
const MAX_PAGES = 200;

let secrets: SecretsManagerClient | undefined;
const keyCache = new Map<string, Promise<string>>();

function apiKey(direct: string | undefined, secretArn: string | undefined, system: string): () => Promise<string> {
  return () => {
    if (direct) return Promise.resolve(direct);
    if (!secretArn) return Promise.reject(new OutsideSystemError(`${system} API key is not configured`));
    let p = keyCache.get(secretArn);
    if (!p) {
      secrets ??= tagDependency(
        new SecretsManagerClient({ region: getConfig().AWS_REGION, ...awsClientResilience() }),
        'Secrets Manager',
      );
      p = secrets.send(new GetSecretValueCommand({ SecretId: secretArn })).then((r) => {
        if (!r.SecretString) throw new OutsideSystemError(`${system} API key secret is empty`);
        return r.SecretString;
      });
      p.catch(() => keyCache.delete(secretArn));
      keyCache.set(secretArn, p);
    }
    return p;
  };
}

function options(system: 'Internal system' | 'Legacy system'): OutsideHttpOptions {
  const cfg = getConfig();
  const internal = system === 'Internal system';
  const baseUrl = internal ? cfg.INTERNAL_SYSTEM_URL : cfg.LEGACY_SYSTEM_URL;
  return {
    system,
    baseUrl: baseUrl ?? '',
    apiKey: internal
      ? apiKey(cfg.INTERNAL_SYSTEM_API_KEY, cfg.INTERNAL_SYSTEM_SECRET_ARN, system)
      : apiKey(cfg.LEGACY_SYSTEM_API_KEY, cfg.LEGACY_SYSTEM_SECRET_ARN, system),
    timeoutMs: cfg.SYNC_HTTP_TIMEOUT_MS,
  };
}

function requireUrl(opts: OutsideHttpOptions, variable: string): void {
  if (!opts.baseUrl) throw new OutsideSystemError(`${opts.system} is not configured: set ${variable}`);
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

export const httpInternalSystem: InternalSystem = {
  async fetch(kind) {
    const opts = options('Internal system');
    requireUrl(opts, 'INTERNAL_SYSTEM_URL');
    return (await allPages(opts, INTERNAL_RESOURCES[kind], INTERNAL_ITEMS[kind])) as never;
  },
  async ping() {
    const opts = options('Internal system');
    requireUrl(opts, 'INTERNAL_SYSTEM_URL');
    return (await getJson(opts, '/health')).ms;
  },
};

export const httpLegacySystem: LegacySystem = {
  async accounts() {
    const opts = options('Legacy system');
    requireUrl(opts, 'LEGACY_SYSTEM_URL');
    return allPages(opts, '/v1/accounts', LegacyAccountSchema);
  },
  async eventsAfter(cursor, max) {
    const opts = options('Legacy system');
    requireUrl(opts, 'LEGACY_SYSTEM_URL');
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
    const opts = options('Legacy system');
    requireUrl(opts, 'LEGACY_SYSTEM_URL');
    return (await getJson(opts, '/health')).ms;
  },
};
