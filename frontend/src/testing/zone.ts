/**
 * Time zones in web tests. The suite runs in UTC unless the run names a zone (vitest.config.ts
 * pins TZ), and must pass in any zone: a test that expects a calendar day writes it with
 * `localDay` (Intl's own US English day in the zone the test runs in), and a test that is about
 * zones switches to one on purpose with `inZone`.
 */

/**
 * An instant's calendar day as US English writes it ('Mar 2, 2025') in the zone the test runs in:
 * the same words formatDate's 'short' style writes, made by Intl, so a test that uses it still
 * fails when the page writes another zone's day.
 */
export const localDay = (iso: string): string =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso));

/**
 * Runs `body` with the process in time zone `zone` (Node applies a new TZ at once), and sets the
 * zone back however it ends. Intl formatters made inside keep the zone they were made in.
 */
export async function inZone<T>(zone: string, body: () => T | Promise<T>): Promise<T> {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    return await body();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

/** Two far zones either side of UTC: New Zealand (UTC+13 in March, daylight time) and Alaska (UTC−9). */
export const FAR_ZONES = ['Pacific/Auckland', 'America/Anchorage'] as const;
