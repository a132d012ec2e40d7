import { api } from './api-client';
import { useCursorPages } from './use-cursor-pages';

/** One answer of a paged plain array: its items and the next page's cursor (X-Next-Cursor). */
export interface ArrayPage<T> {
  items: T[];
  next: string | null;
}

async function getArrayPage<T>(key: string): Promise<ArrayPage<T>> {
  let next: string | null = null;
  const data = await api.get<unknown>(key, {
    onHeaders: (h) => {
      next = h.get('x-next-cursor');
    },
  });
  return { items: Array.isArray(data) ? (data as T[]) : [], next };
}

/**
 * A route that keeps the spec's plain array but sends one page of it (X-Next-Cursor and Link
 * rel="next", functions/http/paged-array.ts), read page by page: the first page at `path`, the next
 * ones when asked (`loadMore`), each with `cursor` added to `path`.
 */
export function usePagedArray<T>(path: string | null) {
  const { pages, more, isLoadingMore, ...list } = useCursorPages(
    path,
    (key) => getArrayPage<T>(key),
    (p) => p.next,
    {
      shouldRetryOnError: false,
    },
  );
  return { ...list, data: pages?.flatMap((p) => p.items), hasMore: more, loadingMore: isLoadingMore };
}
