import useSWRInfinite, { type SWRInfiniteConfiguration } from 'swr/infinite';

/**
 * A list read a page at a time through SWR: the first page at `path` (null: nothing to read yet),
 * each next one, when asked (`loadMore`), at `path` with the cursor the page before named
 * (`nextOf`; null on the last page).
 */
export function useCursorPages<P>(
  path: string | null,
  getPage: (key: string) => Promise<P>,
  nextOf: (page: P) => string | null,
  config?: SWRInfiniteConfiguration<P>,
) {
  const res = useSWRInfinite<P>(
    (index: number, previous: P | null) => {
      if (!path) return null;
      if (index === 0 || !previous) return path;
      const cursor = nextOf(previous);
      return cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : null;
    },
    getPage,
    config,
  );
  const pages = res.data;
  const last = pages?.at(-1);
  return {
    pages,
    error: res.error as unknown,
    isLoading: res.isLoading,
    isValidating: res.isValidating,
    /** The last page loaded names a next one. */
    more: last ? Boolean(nextOf(last)) : false,
    isLoadingMore: res.isValidating && res.size > (pages?.length ?? 0),
    loadMore: () => res.setSize(res.size + 1),
    /** Reads every loaded page again (after a change). */
    mutate: () => res.mutate(),
  };
}
