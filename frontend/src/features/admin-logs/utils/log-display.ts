import { formatCount } from '@/utils/format';

/**
 * Replay is offered when the attempt failed: the spec's status 400 or more, and also 0 / missing,
 * the network failures (timeout, refused, DNS) that most need a second try; the server accepts both.
 */
export const canReplay = (code: number | null | undefined): boolean => !code || code >= 400;

export const formatResponseTime = (ms: number | null | undefined): string =>
  ms == null ? '—' : `${formatCount(ms)} ms`;

/** The table's ID column: the first 8 characters (the full id is its tooltip and in the details). */
export const shortId = (id: string): string => (id.length > 10 ? `${id.slice(0, 8)}…` : id);

/** Client-side paging (section 9: 20 per page): the page's items and the clamped page numbers. */
export function paginate<T>(items: T[], page: number, size: number) {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { pages, current, items: items.slice((current - 1) * size, current * size) };
}
