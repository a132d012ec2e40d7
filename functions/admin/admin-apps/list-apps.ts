import {
  ADMIN_PAGE_SIZE,
  type AdminAppCursorPage,
  AdminAppCursorQuery,
  AdminAppListQuery,
  adminAppCountsFor,
  adminAppListing,
} from '../../../shared/schemas/admin-lists';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { adminApps } from '../../wiring/admin-apps';

/**
 * GET /api/admin/apps: every app of every type, newest first, with its developer's e-mail.
 * q (app name, developer e-mail, company), status and type narrow the list. With `page` the
 * answer is one page (apps awaiting review first) with the counts App Management shows.
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
  return ok(adminAppListing(await adminApps.list(), parse(AdminAppListQuery, req.query)));
};
