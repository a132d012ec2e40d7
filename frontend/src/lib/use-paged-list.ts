import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/** A page of a list as the API answers it: its items and the cursor of the next one (null on the last). */
export interface PageOf<T> {
  items: readonly T[];
  next_cursor: string | null;
}

interface Loaded<T> {
  /** The first page's key these pages follow. */
  key: string;
  items: T[];
  cursor: string | null;
}

/**
 * A list read page by page: the first page (SWR's, often server-rendered) followed by the pages a
 * visitor asks for ("Load more"). The pages loaded belong to the first page's key and are dropped
 * when it changes (another search, filter or sort). An item already shown is not added twice (the
 * listing may change between two pages). When a page arrives, keyboard focus moves to the link of
 * its first item in `list` (a `ul` of `li`), so a keyboard user goes on where the new items start.
 */
export function usePagedList<T extends { id: string }>(
  key: string,
  first: PageOf<T> | undefined,
  fetchPage: (cursor: string) => Promise<PageOf<T>>,
  list?: RefObject<HTMLElement | null>,
) {
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const currentKey = useRef(key);
  currentKey.current = key;
  const focusAt = useRef<number | null>(null);

  const more = loaded?.key === key ? loaded : null;
  const items: T[] = [...(first?.items ?? [])];
  if (more) {
    const seen = new Set(items.map((i) => i.id));
    for (const item of more.items) if (!seen.has(item.id)) items.push(item);
  }
  const cursor = more ? more.cursor : (first?.next_cursor ?? null);

  const loadMore = useCallback(async () => {
    if (!cursor || loading) return;
    const forKey = key;
    setLoading(true);
    setFailed(false);
    focusAt.current = items.length;
    try {
      const page = await fetchPage(cursor);
      if (currentKey.current !== forKey) return;
      setLoaded((prev) => ({
        key: forKey,
        items: [...(prev?.key === forKey ? prev.items : []), ...page.items],
        cursor: page.next_cursor,
      }));
    } catch {
      if (currentKey.current === forKey) setFailed(true);
      focusAt.current = null;
    } finally {
      setLoading(false);
    }
  }, [cursor, loading, key, fetchPage, items.length]);

  const count = items.length;
  useEffect(() => {
    const at = focusAt.current;
    if (at === null || count <= at) return;
    focusAt.current = null;
    list?.current?.children[at]?.querySelector<HTMLElement>('a[href]')?.focus();
  }, [count, list]);

  return { items, hasMore: cursor !== null, loadMore, loading, failed };
}
