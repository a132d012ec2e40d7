import { APP_STATUSES, appStatusOf } from '../../../shared/app-status';
import {
  AdminAppListQuery,
  type AdminAppPage,
  awaitingReviewFirst,
  matchesAppSearch,
  matchesAppType,
  pageOf,
} from '../../../shared/schemas/admin-lists';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { adminApps } from '../../wiring/admin-apps';

/**
 * GET /api/admin/apps: every app of every type, newest first, with its developer's e-mail.
 * q (app name, developer e-mail, company), status and type narrow the list. With `page` the
 * answer is one page (apps awaiting review first) with the counts App Management shows.
 */
export const listAppsAsAdmin: AdminHandler = async (req) => {
  const query = parse(AdminAppListQuery, req.query);
  const searched = (await adminApps.list()).filter((a) => matchesAppSearch(a, query.q));
  const ofStatus = (a: (typeof searched)[number]) => !query.status || appStatusOf(a) === query.status;
  const shown = searched.filter((a) => ofStatus(a) && matchesAppType(a, query.type));
  if (query.page === undefined) return ok(shown);

  const { rows, ...paging } = pageOf(awaitingReviewFirst(shown), query.page, query.limit);
  const byStatus = searched.filter(ofStatus);
  const ofType = searched.filter((a) => matchesAppType(a, query.type));
  const body: AdminAppPage = {
    apps: rows,
    ...paging,
    counts: {
      all: byStatus.length,
      marketplace: byStatus.filter((a) => matchesAppType(a, 'marketplace')).length,
      internal: byStatus.filter((a) => matchesAppType(a, 'internal')).length,
    },
    status_counts: Object.fromEntries(
      APP_STATUSES.map((s) => [s, ofType.filter((a) => appStatusOf(a) === s).length]),
    ) as AdminAppPage['status_counts'],
  };
  return ok(body);
};
