import {
  ADMIN_APPS_PAGE_TOO_DEEP,
  ADMIN_APPS_PAGE_WINDOW,
  ADMIN_APPS_UNPAGED_MAX,
  ADMIN_PAGE_SIZE,
  type AdminAppCursorPage,
  AdminAppCursorQuery,
  AdminAppListQuery,
  adminAppCountsFor,
  adminAppListing,
} from '@shared/schemas/admin-lists';
import { ValidationError } from '../../core/errors';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { adminApps } from '../../wiring/admin-apps';

/**
 * GET /api/admin/apps: apps of every type, with their developer's e-mail, in App Management's order
 * (off the marketplace newest first, then the marketplace A-Z). q (app name, developer e-mail,
 * company), status and type narrow the list. Without paging params: the first
 * ADMIN_APPS_UNPAGED_MAX (capped array, see unpaged). With `page`: one page (apps awaiting review
 * first) with the counts App Management shows, within the first ADMIN_APPS_PAGE_WINDOW apps.
 *
 * With `cursor`, or `limit` without `page`: one bounded page {items, next_cursor, limit} read from
 * the table (apps off the marketplace newest first, then the marketplace's A-Z); q searches the
 * app's name there (docs/behaviour.md), with App Management's counts from the counter item (the
status and type filters counted, the search not).
 */
export const listAppsAsAdmin: AdminHandler = async (req) => {
  const cursorPaged = req.query.cursor !== undefined || (req.query.limit !== undefined && req.query.page === undefined);
  if (cursorPaged) {
    const query = parse(AdminAppCursorQuery, req.query);
    const limit = query.limit ?? ADMIN_PAGE_SIZE;
    const [page, counters] = await Promise.all([adminApps.page({ ...query, limit }), adminApps.counts()]);
    const body: AdminAppCursorPage = {
      items: page.items,
      next_cursor: page.next_cursor,
      limit,
      ...adminAppCountsFor(counters, query),
    };
    return ok(body);
  }
  const query = parse(AdminAppListQuery, req.query);
  if (query.page === undefined) return unpaged(req.path, query);
  // The `page` form: the matching apps up to the end of the asked page (at most ADMIN_APPS_PAGE_WINDOW),
  // searched without the status and type filters so the buttons' counts can be tallied.
  if (query.page * query.limit > ADMIN_APPS_PAGE_WINDOW) throw new ValidationError(ADMIN_APPS_PAGE_TOO_DEEP);
  const filters = { status: query.status, type: query.type };
  const searched = query.q
    ? await adminApps.window({ q: query.q, type: 'all' }, ADMIN_APPS_PAGE_WINDOW)
    : await adminApps.window(filters, query.page * query.limit);
  const listing = adminAppListing(searched.items, query.q ? query : { ...query, status: undefined, type: 'all' });
  if (Array.isArray(listing)) return ok(listing);
  // Unsearched, the window holds the filtered apps only: totals and counts are the counters'.
  if (!query.q) {
    const counted = adminAppCountsFor(await adminApps.counts(), filters);
    const pages = Math.max(1, Math.ceil(counted.total / query.limit));
    return ok({
      ...listing,
      total: counted.total,
      pages,
      counts: counted.counts,
      status_counts: counted.status_counts,
    });
  }
  return ok(listing);
};

/**
 * Without page, limit or cursor: the spec's plain array, at most ADMIN_APPS_UNPAGED_MAX apps in App
 * Management's order, with X-Total-Count (from the counters, when no search narrows it) and
 * `Link: <...&limit=100&cursor=...>; rel="next"` past the cap.
 */
async function unpaged(path: string, query: AdminAppListQuery) {
  const filters = { q: query.q, status: query.status, type: query.type };
  const [first, counters] = await Promise.all([adminApps.window(filters, ADMIN_APPS_UNPAGED_MAX), adminApps.counts()]);
  const headers: Record<string, string> = {};
  if (!query.q) headers['x-total-count'] = String(adminAppCountsFor(counters, query).total);
  if (first.next_cursor) {
    const params = new URLSearchParams();
    for (const k of ['q', 'status', 'type'] as const) if (query[k]) params.set(k, String(query[k]));
    params.set('limit', String(ADMIN_APPS_UNPAGED_MAX));
    params.set('cursor', first.next_cursor);
    headers.link = `<${path}?${params}>; rel="next"`;
  }
  return ok(first.items, headers);
}
