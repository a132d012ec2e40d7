import type { SortOption } from '../../../shared/constants';
import { decodeCursor, encodeCursor, type Page } from '../paging';
import { type AppCardRecord, appNameSortKey } from './app';

/**
 * Pure marketplace list logic: search, sort and paging over the listed apps of one Query.
 * Name order is the index's own order; the other sorts reorder the (small) result in memory with
 * name as the tie-breaker, so every order is total and pages never overlap.
 */

type Searchable = Pick<AppCardRecord, 'name' | 'description' | 'short_description'>;
type Sortable = Pick<AppCardRecord, 'id' | 'name' | 'price_cents' | 'average_rating' | 'review_count'>;

export { DEFAULT_MARKETPLACE_QUERY } from '../../../shared/constants';

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

/** A cursor of a sorted list read in memory: {"o": offset} through the one codec (core/paging.ts). */
export const encodeOffsetCursor = (offset: number): string => encodeCursor({ o: offset });

export function decodeOffsetCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const { o } = decodeCursor(
    cursor,
    (v) => typeof v.o === 'number' && Number.isInteger(v.o) && v.o >= 0,
    'Invalid cursor',
  );
  return o as number;
}

/** A page of the marketplace: a Page with the list's total (the API answers it). */
export interface CountedPage<T> extends Page<T> {
  total: number;
}

export function paginate<T>(all: readonly T[], limit: number, cursor: string | undefined): CountedPage<T> {
  const offset = decodeOffsetCursor(cursor);
  const items = all.slice(offset, offset + limit);
  const next = offset + limit;
  return { items, next_cursor: next < all.length ? encodeOffsetCursor(next) : null, total: all.length };
}
