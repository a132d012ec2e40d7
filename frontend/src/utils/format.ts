/**
 * How the SPA writes dates, money, counts, links and delivery status codes: one formatter each,
 * used by every feature (US English, as the rest of the interface). Safe to import from the
 * storefront's server rendering: nothing here reads `window`.
 */

/** The styles with a time of day, written by Intl. */
const TIME_FORMATS = {
  /** 'Mar 5, 2025, 9:05 AM' */
  minutes: { dateStyle: 'medium', timeStyle: 'short' },
  /** 'Mar 5, 2025, 9:05:12 AM' */
  seconds: { dateStyle: 'medium', timeStyle: 'medium' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/** 'short': 'Mar 5, 2025'; 'long': 'March 5, 2025'; or a style with a time of day. */
export type DateStyle = 'short' | 'long' | keyof typeof TIME_FORMATS;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

// The day styles are written without Intl (as money and counts below): the first Intl formatter a
// page makes loads the browser's locale data, tens of milliseconds of a slow phone's main thread
// while the app page hydrates. The time styles are made at their first use.
const timeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * An ISO date as the given style shows it; '—' when it is missing or unreadable. In the browser's
 * time zone, or in UTC for what the storefront's server renders: the server writes the day in its
 * own zone, and a browser in another one writing another day would make React throw the page's
 * server HTML away while hydrating.
 */
export function formatDate(
  value: string | null | undefined,
  style: DateStyle = 'short',
  zone: 'local' | 'UTC' = 'local',
): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  if (style === 'short' || style === 'long') {
    const utc = zone === 'UTC';
    const month = MONTHS[utc ? date.getUTCMonth() : date.getMonth()] ?? '';
    const day = utc ? date.getUTCDate() : date.getDate();
    const year = utc ? date.getUTCFullYear() : date.getFullYear();
    return `${style === 'short' ? month.slice(0, 3) : month} ${day}, ${year}`;
  }
  const key = `${style} ${zone}`;
  let formatter = timeFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      ...TIME_FORMATS[style],
      ...(zone === 'UTC' && { timeZone: 'UTC' }),
    });
    timeFormatters.set(key, formatter);
  }
  return formatter.format(date);
}

// Money and counts are written without Intl: the first Intl.NumberFormat a page makes loads the
// browser's locale data, tens of milliseconds of a slow phone's main thread while the storefront's
// script starts. US English needs only a sign, digits grouped by three and, for money, '$' and
// two decimals (rounded as Intl rounds them; format.test.ts holds them to Intl's output).
const grouped = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Dollars to two decimals: '$1,234.50', '-$5.00' (missing reads $0.00). */
export function formatMoney(value: number | null | undefined): string {
  const n = Number(value) || 0;
  // Rounded half away from zero on the number as written (0.995 -> 1.00), as Intl does: shifting
  // the decimal point in the text keeps binary fractions (0.995 is 0.99499...) out of the way.
  const shown = String(Math.abs(n));
  const cents = shown.includes('e') ? Math.round(Math.abs(n) * 100) : Math.round(Number(`${shown}e2`));
  const whole = String(Math.floor(cents / 100));
  return `${n < 0 ? '-' : ''}$${grouped(whole)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A whole number with thousands separators: '10,000'; '—' when it is missing. */
export function formatCount(n: number | null | undefined): string {
  if (n == null) return '—';
  const rounded = Math.round(Number(n) || 0);
  return `${rounded < 0 ? '-' : ''}${grouped(String(Math.abs(rounded)))}`;
}

/**
 * Only absolute http(s) links are rendered; anything else (javascript:, data:, relative) is
 * dropped. Parsed without the page's origin, so the storefront's server rendering and the
 * browser agree.
 */
export function safeUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * How a webhook delivery's status code is shown: 2xx green, 4xx yellow, 5xx red; 0 or missing
 * means no HTTP answer came back (timeout, refused, DNS) and reads 'Failed' in grey.
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
