import { readCatalogueVersion } from '../adapters/dynamodb/catalogue-version';
import type { ApiResponse } from '../http/types';

/**
 * A short in-memory cache of public marketplace answers, serialised once. Listing 1,000 apps
 * means reading ~2 MB from DynamoDB and serialising ~700 KB of JSON; the cache turns that into
 * one consistent GetItem of the catalogue version (see catalogue-version.ts), shared by the
 * requests that arrive while it runs.
 *
 * An answer is reused only while the catalogue version it was computed at is still current, so
 * any change to apps or categories (by any process or Lambda) is visible on the next request;
 * the TTL is only a safety net for writers that forget to bump the version. Concurrent misses
 * for one key share one computation. Size-bounded: oldest answers are dropped first.
 * (In the cloud CloudFront caches these answers too, for the Cache-Control the router sets.)
 */
const TTL_MS = 30_000;
const MAX_BYTES = 48 * 1024 * 1024;
const MAX_ENTRIES = 2_000;
const JSON_TYPE = 'application/json; charset=utf-8';

interface Entry {
  version: number;
  expires: number;
  body: Promise<string>;
  size: number;
}

/**
 * The catalogue version as of a read that started after the caller asked. Concurrent callers
 * share reads: while one read is in flight, newcomers join the next one (which starts when it
 * ends), so under load there is at most one read in flight and one queued, whatever the rate.
 */
let current: Promise<number> | undefined;
let queued: Promise<number> | undefined;

function startRead(): Promise<number> {
  const read: Promise<number> = readCatalogueVersion().finally(() => {
    if (current === read) current = undefined;
  });
  current = read;
  return read;
}

export function freshCatalogueVersion(): Promise<number> {
  if (!current) return startRead();
  const ahead = current;
  queued ??= ahead
    .then(
      () => undefined,
      () => undefined,
    )
    .then(() => {
      queued = undefined;
      return startRead();
    });
  return queued;
}

const entries = new Map<string, Entry>();
let totalBytes = 0;

function drop(key: string, entry: Entry): void {
  if (entries.get(key) !== entry) return;
  entries.delete(key);
  totalBytes -= entry.size;
}

function evict(): void {
  for (const [key, entry] of entries) {
    if (totalBytes <= MAX_BYTES && entries.size <= MAX_ENTRIES) return;
    drop(key, entry);
  }
}

/** The cached 200 answer for `key`, computing it when missing, expired or older than the catalogue. */
export async function cachedAnswer(key: string, compute: () => Promise<unknown>): Promise<ApiResponse> {
  const version = await freshCatalogueVersion();
  const now = Date.now();
  let entry = entries.get(key);
  if (!entry || entry.version < version || entry.expires <= now) {
    if (entry) drop(key, entry);
    const fresh: Entry = { version, expires: now + TTL_MS, size: 0, body: compute().then((v) => JSON.stringify(v)) };
    entries.set(key, fresh);
    fresh.body.then(
      (body) => {
        if (entries.get(key) !== fresh) return;
        fresh.size = body.length;
        totalBytes += fresh.size;
        evict();
      },
      () => drop(key, fresh), // errors (404s, failures) are never cached
    );
    entry = fresh;
  }
  return { status: 200, raw: { data: await entry.body, contentType: JSON_TYPE } };
}

/** Forgets every answer (tests). */
export function clearAnswerCache(): void {
  entries.clear();
  totalBytes = 0;
}
