import type { ApiResponse } from './types';

/**
 * A short in-memory cache of public marketplace answers, serialised once. Listing 1,000 apps
 * means reading ~2 MB from DynamoDB and serialising ~700 KB of JSON; the cache turns that into
 * handing out the same string, checked against what this process knows of the catalogue version
 * (wiring/answer-cache.ts passes adapters/dynamodb/catalogue-version.ts: read at most once a
 * second, forgotten on this process's own writes).
 *
 * An answer is reused only while the catalogue version it was computed at is still current, so
 * any change to apps or categories shows within the version's bound (1 s) in every process and
 * at once in the process that made it; the TTL is only a safety net for writers that forget to
 * bump the version. Concurrent misses for one key share one computation. Size-bounded: oldest
 * answers are dropped first.
 * (In the cloud CloudFront caches these answers too, for the Cache-Control the router sets.)
 */
const TTL_MS = 30_000;
const MAX_BYTES = 48 * 1024 * 1024;
const MAX_ENTRIES = 2_000;
const JSON_ANSWER = { contentType: 'application/json; charset=utf-8', serialise: (v: unknown) => JSON.stringify(v) };

interface Entry {
  version: number;
  expires: number;
  body: Promise<string>;
  size: number;
}

/** What the answers are checked against: the catalogue's version as this process knows it. */
export interface CatalogueVersionSource {
  current(): Promise<number>;
  /** Forgets the known version (the next current() reads it). */
  forget(): void;
}

export interface AnswerCache {
  /**
   * The cached 200 answer for `key`, computing it when missing, expired or older than the catalogue.
   * JSON unless `as` names another serialisation (XML, plain text).
   */
  answer(
    key: string,
    compute: () => Promise<unknown>,
    as?: { contentType: string; serialise: (value: unknown) => string },
  ): Promise<ApiResponse>;
  /** Forgets every answer and the known catalogue version (tests). */
  clear(): void;
}

export function createAnswerCache(catalogueVersion: CatalogueVersionSource): AnswerCache {
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

  async function answer(
    key: string,
    compute: () => Promise<unknown>,
    as: { contentType: string; serialise: (value: unknown) => string } = JSON_ANSWER,
  ): Promise<ApiResponse> {
    const version = await catalogueVersion.current();
    const now = Date.now();
    let entry = entries.get(key);
    if (!entry || entry.version < version || entry.expires <= now) {
      if (entry) drop(key, entry);
      const fresh: Entry = { version, expires: now + TTL_MS, size: 0, body: compute().then(as.serialise) };
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
    return { status: 200, raw: { data: await entry.body, contentType: as.contentType } };
  }

  return {
    answer,
    clear() {
      entries.clear();
      totalBytes = 0;
      catalogueVersion.forget();
    },
  };
}
