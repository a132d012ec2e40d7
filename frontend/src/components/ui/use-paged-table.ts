import { type ReactNode, useRef } from 'react';
import { type PageOf, usePagedList } from '@/lib/use-paged-list';

/**
 * An admin table read page by page: the first page as its SWR hook answers it, the next ones read
 * by `getPage` at `pageKey(cursor)` (usePagedList), keyboard focus going to the link of the first
 * row of a page that arrives. `table` is what DataTable takes from it: skeleton rows while the
 * first page loads, the body the focus moves in, fitted to a laptop-wide window. `empty(text)` is
 * DataTable's `empty`: the text once the list is loaded, empty and has no page left.
 */
export function usePagedTable<T extends { id: string }>(
  first: { data: PageOf<T> | undefined; isLoading: boolean },
  pageKey: (cursor?: string) => string,
  getPage: (key: string) => Promise<PageOf<T>>,
) {
  const body = useRef<HTMLTableSectionElement>(null);
  const list = usePagedList(pageKey(), first.data, (cursor) => getPage(pageKey(cursor)), body);
  const table = { loading: first.isLoading && !first.data, skeletonRows: 4, bodyRef: body, fitted: true };
  const empty = (text: ReactNode) => first.data && list.items.length === 0 && !list.hasMore && text;
  return { list, body, table, empty };
}
