import type { ApiResponse } from './types';

/**
 * An in-memory cache of public answers, serialised once and handed out as the same string, checked
 * against what this process knows of the catalogue version (wiring/answer-cache.ts passes
 * adapters/dynamodb/catalogue-version.ts: read at most once a second, forgotten on this process's
 * own writes).
 *
 * An answer is reused while the catalogue version it was computed at is still current, and for
 * as long as that lasts: nothing expires on a timer, so a warm process answers from memory until
 * the catalogue changes. Concurrent misses for one key share one computation. An answer computed
 * from a listing older than the catalogue (`prepared(..., { keep: false })`) is served once and
 * not kept. Each cache has its own budget of bytes and entries, and drops the answers used least
 * recently first: the storefront's pages have a cache of their own (wiring/answer-cache.ts), so
 * no number of page variants can push the API's answers out.
 * (In the cloud CloudFront caches these answers too, for the Cache-Control the router sets.)
 */
const JSON_ANSWER = { contentType: 'application/json; charset=utf-8', serialise: (v: unknown) => JSON.stringify(v) };

/** Cache-Control of an answer computed from an older listing: CloudFront may keep it only a moment. */
export const NOT_KEPT_CACHE_CONTROL = 'public, max-age=0, s-maxage=2';

/** An answer whose body is serialised already, with headers of its own, and whether it may be kept. */
export class PreparedAnswer {
  constructor(
    readonly body: string,
    readonly headers: Record<string, string> = {},
    readonly keep = true,
  ) {}
}

/** A prepared answer (see PreparedAnswer). */
export const prepared = (body: string, opts: { headers?: Record<string, string>; keep?: boolean } = {}) =>
  new PreparedAnswer(body, opts.headers, opts.keep);

interface Entry {
  version: number;
  body: Promise<PreparedAnswer>;
  size: number;
}

/** What the answers are checked against: the catalogue's version as this process knows it. */
export interface CatalogueVersionSource {
  current(): Promise<number>;
  /** Forgets the known version (the next current() reads it). */
  forget(): void;
}

export interface AnswerCacheBudget {
  /** Bytes of answers kept. */
  maxBytes: number;
  maxEntries: number;
}

export interface AnswerCache {
  /**
   * The cached 200 answer for `key`, computing it when missing or older than the catalogue.
   * `compute` returns a value (serialised as JSON unless `as` names another serialisation) or a
   * PreparedAnswer.
   */
  answer(
    key: string,
    compute: () => Promise<unknown>,
    as?: { contentType: string; serialise: (value: unknown) => string },
  ): Promise<ApiResponse>;
  /** Forgets every answer and the known catalogue version (tests). */
  clear(): void;
  /** What is kept now (tests, logs). */
  stats(): { entries: number; bytes: number };
}

export function createAnswerCache(catalogueVersion: CatalogueVersionSource, budget: AnswerCacheBudget): AnswerCache {
  const entries = new Map<string, Entry>();
  let totalBytes = 0;

  function drop(key: string, entry: Entry): void {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    totalBytes -= entry.size;
  }

  function evict(): void {
    // A Map iterates in insertion order and every hit re-inserts: the first entries are the least recently used.
    for (const [key, entry] of entries) {
      if (totalBytes <= budget.maxBytes && entries.size <= budget.maxEntries) return;
      drop(key, entry);
    }
  }

  async function answer(
    key: string,
    compute: () => Promise<unknown>,
    as: { contentType: string; serialise: (value: unknown) => string } = JSON_ANSWER,
  ): Promise<ApiResponse> {
    const version = await catalogueVersion.current();
    let entry = entries.get(key);
    if (entry && entry.version >= version) {
      entries.delete(key);
      entries.set(key, entry);
    } else {
      if (entry) drop(key, entry);
      const body = compute().then((v) => (v instanceof PreparedAnswer ? v : new PreparedAnswer(as.serialise(v))));
      const fresh: Entry = { version, size: 0, body };
      entries.set(key, fresh);
      body.then(
        (answered) => {
          if (entries.get(key) !== fresh) return;
          if (!answered.keep) return drop(key, fresh);
          fresh.size = answered.body.length;
          totalBytes += fresh.size;
          evict();
        },
        () => drop(key, fresh), // errors (404s, failures) are never cached
      );
      entry = fresh;
    }
    const answered = await entry.body;
    const headers = answered.keep ? answered.headers : { ...answered.headers, 'cache-control': NOT_KEPT_CACHE_CONTROL };
    return {
      status: 200,
      raw: { data: answered.body, contentType: as.contentType },
      ...(Object.keys(headers).length ? { headers } : {}),
    };
  }

  return {
    answer,
    clear() {
      entries.clear();
      totalBytes = 0;
      catalogueVersion.forget();
    },
    stats: () => ({ entries: entries.size, bytes: totalBytes }),
  };
}
