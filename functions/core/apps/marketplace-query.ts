import { Buffer } from 'node:buffer';
import type { SortOption } from '../../../shared/constants';
import type { MarketplaceQuery } from '../../../shared/schemas/apps';
import { ValidationError } from '../errors';
import { type AppCardRecord, appNameSortKey } from './app';

/**
 * Pure marketplace list logic: search, sort and paging over the listed apps of one Query.
 * Name order is the index's own order; the other sorts reorder the (small) result in memory with
 * name as the tie-breaker, so every order is total and pages never overlap.
 */

type Searchable = Pick<AppCardRecord, 'name' | 'description' | 'short_description'>;
type Sortable = Pick<AppCardRecord, 'id' | 'name' | 'price_cents' | 'average_rating' | 'review_count'>;

/**
 * The query of a marketplace list without parameters, as MarketplaceQuerySchema parses `{}`
 * (marketplace-query.test.ts holds them equal): for the storefront renderer, which lists the
 * apps without building the request schemas it never validates with.
 */
export const DEFAULT_MARKETPLACE_QUERY: MarketplaceQuery = { sort: 'name' };

/** Case-insensitive match of q on the name, the description or the short description. */
export function matchesQuery(app: Searchable, q: string | undefined): boolean {
  const needle = q?.trim().toLowerCase();
  if (!needle) return true;
  return [app.name, app.description, app.short_description].some((t) => t?.toLowerCase().includes(needle));
}

const byName = (a: Sortable, b: Sortable): number => {
  const ka = appNameSortKey(a.name, a.id);
  const kb = appNameSortKey(b.name, b.id);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

const COMPARATORS: Record<SortOption, (a: Sortable, b: Sortable) => number> = {
  name: byName,
  price_low: (a, b) => (a.price_cents ?? 0) - (b.price_cents ?? 0) || byName(a, b),
  price_high: (a, b) => (b.price_cents ?? 0) - (a.price_cents ?? 0) || byName(a, b),
  rating: (a, b) =>
    (b.average_rating ?? 0) - (a.average_rating ?? 0) || (b.review_count ?? 0) - (a.review_count ?? 0) || byName(a, b),
};

/** A sorted copy. `alreadyByName` skips the work when the input came from the name index. */
export function sortApps<T extends Sortable>(apps: readonly T[], sort: SortOption, alreadyByName = false): T[] {
  if (sort === 'name' && alreadyByName) return [...apps];
  return [...apps].sort(COMPARATORS[sort]);
}

/** Cursors are opaque to clients: base64url of {"o": offset}. */
export const encodeCursor = (offset: number): string =>
  Buffer.from(JSON.stringify({ o: offset })).toString('base64url');

export function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown };
    if (typeof parsed.o === 'number' && Number.isInteger(parsed.o) && parsed.o >= 0) return parsed.o;
  } catch {
    // fall through
  }
  throw new ValidationError('Invalid cursor');
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
  total: number;
}

export function paginate<T>(all: readonly T[], limit: number, cursor: string | undefined): Page<T> {
  const offset = decodeCursor(cursor);
  const items = all.slice(offset, offset + limit);
  const next = offset + limit;
  return { items, next_cursor: next < all.length ? encodeCursor(next) : null, total: all.length };
}
