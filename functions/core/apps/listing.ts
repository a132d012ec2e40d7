import { SORT_OPTIONS, type SortOption } from '@shared/constants';
import type { AppCard } from '@shared/schemas/apps';
import { type CategoryRecord, compareCategories } from '../categories/category';
import { ValidationError } from '../errors';
import { decodeCursor, encodeCursor } from '../paging';
import { type AppCardRecord, appNameSortKey, isListed } from './app';
import { toAppCard } from './app-mappers';
import { publicView } from './public-view';

/**
 * The marketplace listing: every listed app's card, in name order, made once per catalogue
 * version (adapters/dynamodb/listing-store.ts keeps it; the sync worker builds it) and answered
 * from memory by every public list: search, category and practice-system filters, the four sorts,
 * pages with keyset cursors. Nothing here reads storage: a query costs what it shows, whatever
 * the size of the catalogue.
 */

/** What is stored per catalogue version: the public cards of the listed apps, in name order. */
export interface ListingSnapshot {
  /** The catalogue version the cards were read at. */
  version: number;
  built_at: string;
  cards: AppCard[];
}

/** The listing's cards from the eligible apps (the MARKET index) and the categories, as the public sees them. */
export function snapshotOf(
  eligible: readonly AppCardRecord[],
  categories: readonly CategoryRecord[],
  version: number,
  builtAt: string,
): ListingSnapshot {
  const active = categories.filter((c) => c.is_active).sort(compareCategories);
  const names = new Map(active.map((c) => [c.slug, c.name] as const));
  const slugs = new Set(names.keys());
  const cards = eligible
    .map((app) => publicView(app))
    .filter((app) => isListed(app, slugs))
    .map((app) => ({ key: appNameSortKey(app.name, app.id), card: toAppCard(app, names.get(app.category_slug ?? '')) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((x) => x.card);
  return { version, built_at: builtAt, cards };
}

export interface ListingQuery {
  q?: string;
  /** A category slug (resolved by the caller from a slug or a name). */
  categorySlug?: string;
  worksWith?: string;
  sort: SortOption;
}

export interface ListingPage {
  /** The cards of the page, each already serialised as JSON. */
  json: string[];
  cards: AppCard[];
  next_cursor: string | null;
  /** Matching apps over all pages. */
  total: number;
}

const pad = (n: number, width: number) => String(Math.max(0, Math.round(n))).padStart(width, '0');
const PRICE_MAX = 10 ** 12 - 1;
const COUNT_MAX = 10 ** 10 - 1;

/**
 * Each sort as one string key per card, so every order is total (ties by name, then id) and a
 * cursor is the key of the last card shown: the next page starts after it, even when the listing
 * changed in between (no duplicates, nothing skipped that was there on both reads).
 */
function sortKey(sort: SortOption, card: AppCard, nameKey: string): string {
  const cents = Math.round((card.price ?? 0) * 100);
  switch (sort) {
    case 'name':
      return nameKey;
    case 'price_low':
      return `${pad(cents, 12)}|${nameKey}`;
    case 'price_high':
      return `${pad(PRICE_MAX - cents, 12)}|${nameKey}`;
    case 'rating':
      return `${pad(500 - (card.average_rating ?? 0) * 100, 4)}|${pad(COUNT_MAX - (card.review_count ?? 0), 10)}|${nameKey}`;
  }
}

const INVALID_CURSOR = 'Invalid cursor';
/** How many searched or filtered queries a listing keeps the matches of (see loadListing). */
const MATCH_MEMO = 64;

/** The cursor after `key` in `sort` order, through the one cursor codec (core/paging.ts). */
export const encodeListingCursor = (sort: SortOption, key: string): string => encodeCursor({ s: sort, k: key });

export function decodeListingCursor(cursor: string, sort: SortOption): string {
  const value = decodeCursor(
    cursor,
    (v) =>
      typeof v.k === 'string' &&
      v.k.length <= 400 &&
      v.s === sort &&
      (SORT_OPTIONS as readonly unknown[]).includes(v.s) &&
      Object.keys(v).length === 2,
    INVALID_CURSOR,
  );
  return value.k as string;
}

export interface Listing {
  version: number;
  size: number;
  built_at: string;
  /** A page of the apps matching `query`: at most `limit` cards and `maxBytes` of their JSON. */
  page(query: ListingQuery, opts: { limit: number; cursor?: string; maxBytes: number }): ListingPage;
  /** Every card in name order (the sitemap). */
  cards(): readonly AppCard[];
}

/** The in-memory form of a snapshot: cards serialised once, lowercased search text, one order per sort. */
export function loadListing(snapshot: ListingSnapshot): Listing {
  const cards = snapshot.cards;
  const n = cards.length;
  const json = cards.map((c) => JSON.stringify(c));
  const bytes = json.map((s) => Buffer.byteLength(s, 'utf8'));
  const lower = (s: string | null | undefined) => (s ? s.toLowerCase() : '');
  const names = cards.map((c) => lower(c.name));
  const descriptions = cards.map((c) => lower(c.description));
  const shorts = cards.map((c) => lower(c.short_description));
  const nameKeys = cards.map((c) => appNameSortKey(c.name, c.id));
  const keys = {} as Record<SortOption, string[]>;
  const orders = {} as Record<SortOption, number[]>;
  for (const sort of SORT_OPTIONS) {
    const k = cards.map((c, i) => sortKey(sort, c, nameKeys[i] as string));
    keys[sort] = k;
    orders[sort] = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
      const ka = k[a] as string;
      const kb = k[b] as string;
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
  }

  const matches = (i: number, q: string, query: ListingQuery): boolean => {
    const card = cards[i] as AppCard;
    if (query.categorySlug !== undefined && card.category_slug !== query.categorySlug) return false;
    if (query.worksWith && !(card.practice_systems as readonly string[]).includes(query.worksWith)) return false;
    if (!q) return true;
    return (
      (names[i] as string).includes(q) || (descriptions[i] as string).includes(q) || (shorts[i] as string).includes(q)
    );
  };

  /** Position in `order` of the first card whose key is above `after`. */
  const startAfter = (order: number[], k: string[], after: string): number => {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((k[order[mid] as number] as string) <= after) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  /**
   * The positions in `sort` order of the cards a filtered or searched query matches, computed once
   * per listing and query and kept for the next pages and the next visitors of the same search
   * (MATCH_MEMO queries, least recently used first out; at most 4 bytes per listed app each).
   * null: the query filters nothing, every position matches.
   */
  const memo = new Map<string, Uint32Array>();
  const matchedPositions = (query: ListingQuery, q: string): Uint32Array | null => {
    if (!q && query.categorySlug === undefined && !query.worksWith) return null;
    const key = JSON.stringify([query.sort, q, query.categorySlug ?? null, query.worksWith ?? null]);
    const known = memo.get(key);
    if (known) {
      memo.delete(key);
      memo.set(key, known);
      return known;
    }
    const order = orders[query.sort];
    const found: number[] = [];
    for (let pos = 0; pos < order.length; pos++) if (matches(order[pos] as number, q, query)) found.push(pos);
    const positions = Uint32Array.from(found);
    memo.set(key, positions);
    if (memo.size > MATCH_MEMO) memo.delete(memo.keys().next().value as string);
    return positions;
  };

  return {
    version: snapshot.version,
    size: n,
    built_at: snapshot.built_at,
    cards: () => cards,
    page(query, opts) {
      const q = query.q?.trim().toLowerCase() ?? '';
      const order = orders[query.sort];
      const k = keys[query.sort];
      const from = opts.cursor === undefined ? 0 : startAfter(order, k, decodeListingCursor(opts.cursor, query.sort));
      const positions = matchedPositions(query, q);
      const total = positions ? positions.length : n;
      const at = (j: number) => (positions ? (positions[j] as number) : j);
      // The first matching position at or after `from`.
      let lo = 0;
      let hi = total;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (at(mid) < from) lo = mid + 1;
        else hi = mid;
      }
      const picked: number[] = [];
      let size = 0;
      let j = lo;
      for (; j < total; j++) {
        const i = order[at(j)] as number;
        const weight = (bytes[i] as number) + 1;
        if (picked.length >= opts.limit || (picked.length > 0 && size + weight > opts.maxBytes)) break;
        picked.push(i);
        size += weight;
      }
      const more = j < total;
      const last = picked.at(-1);
      return {
        json: picked.map((i) => json[i] as string),
        cards: picked.map((i) => cards[i] as AppCard),
        next_cursor: more && last !== undefined ? encodeListingCursor(query.sort, k[last] as string) : null,
        total,
      };
    },
  };
}

/** A cursor that belongs to no listing: what a page answers when its cursor is refused. */
export const invalidCursor = () => new ValidationError(INVALID_CURSOR);
