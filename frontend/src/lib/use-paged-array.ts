import useSWRInfinite from 'swr/infinite';
import { api } from './api-client';

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
  const res = useSWRInfinite(
    (index: number, previous: ArrayPage<T> | null) => {
      if (!path || (previous && !previous.next)) return null;
      if (index === 0 || !previous?.next) return path;
      return `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(previous.next)}`;
    },
    (key: string) => getArrayPage<T>(key),
    { shouldRetryOnError: false },
  );
  const pages = res.data;
  return {
    data: pages ? pages.flatMap((p) => p.items) : undefined,
    error: res.error as unknown,
    isLoading: res.isLoading,
    isValidating: res.isValidating,
    hasMore: Boolean(pages?.at(-1)?.next),
    loadingMore: res.isValidating && res.size > (pages?.length ?? 0),
    loadMore: () => res.setSize(res.size + 1),
    /** Reads every loaded page again (after a change). */
    mutate: () => res.mutate(),
  };
}
