/**
 * How a delivery attempt is shown (SPEC.md sections 4 and 9): 2xx green, 4xx yellow, 5xx red;
 * 0 or missing means no HTTP answer came back and reads 'Failed' in grey.
 */
export interface StatusTone {
  label: string;
  palette: 'green' | 'yellow' | 'red' | 'gray';
}

export function statusTone(code: number | null | undefined): StatusTone {
  if (!code) return { label: 'Failed', palette: 'gray' };
  if (code >= 200 && code < 300) return { label: String(code), palette: 'green' };
  if (code >= 400 && code < 500) return { label: String(code), palette: 'yellow' };
  if (code >= 500) return { label: String(code), palette: 'red' };
  return { label: String(code), palette: 'gray' };
}

/**
 * Replay is offered when the attempt failed: the spec's status 400 or more, and also 0 / missing,
 * the network failures (timeout, refused, DNS) that most need a second try; the server accepts both.
 */
export const canReplay = (code: number | null | undefined): boolean => !code || code >= 400;

export const formatResponseTime = (ms: number | null | undefined): string =>
  ms == null ? '—' : `${Math.round(ms).toLocaleString('en-US')} ms`;

const withSeconds = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const withMinutes = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The table shows minutes; the detail dialog, seconds. */
export function formatTimestamp(value: string | null | undefined, seconds = true): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return (seconds ? withSeconds : withMinutes).format(date);
}

/** The table's ID column: the first 8 characters (the full id is its tooltip and in the details). */
export const shortId = (id: string): string => (id.length > 10 ? `${id.slice(0, 8)}…` : id);

/** Client-side paging (section 9: 20 per page): the page's items and the clamped page numbers. */
export function paginate<T>(items: T[], page: number, size: number) {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { pages, current, items: items.slice((current - 1) * size, current * size) };
}
