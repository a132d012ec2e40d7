/**
 * Server paging, search and filters of the admin User Management and App Management lists.
 *
 * Without `page` the routes answer as before: the whole (filtered) list as an array, newest first.
 * With `page` they answer one page object: the page's rows plus total, page, limit, pages and the
 * counts the screens show, so a list longer than a page is never sent whole.
 */
import * as z from 'zod';
import { APP_STATUSES, type AppStatus, type AppStatusInput, appStatusOf } from '../app-status';
import { ROLES } from '../constants';
import { ACCOUNT_STATUSES, AdminUserSchema } from './admin-users';
import { AdminAppSchema } from './apps';
import { limitMessage, limitParam, wholeNumberParam } from './query-numbers';

export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_PAGE_MAX = 100;

export const ADMIN_PAGE_INVALID = 'page must be a whole number of at least 1';
export const ADMIN_LIMIT_INVALID = limitMessage(ADMIN_PAGE_MAX);
export const ADMIN_QUERY_TOO_LONG = 'q must be at most 200 characters';
export const ADMIN_STATUS_INVALID = `status must be one of ${APP_STATUSES.join(', ')}`;
export const ADMIN_TYPE_INVALID = 'type must be one of all, marketplace, internal';
export const ADMIN_USER_STATUS_INVALID = `status must be one of ${ACCOUNT_STATUSES.join(', ')}`;
export const ADMIN_ROLE_INVALID = `role must be one of ${ROLES.join(', ')}`;

const paging = {
  page: wholeNumberParam(ADMIN_PAGE_INVALID, 1)
    .optional()
    .describe('1-based page number; when given the answer is a page object instead of an array'),
  limit: limitParam(ADMIN_PAGE_MAX)
    .default(ADMIN_PAGE_SIZE)
    .describe(`rows per page (default ${ADMIN_PAGE_SIZE}, at most ${ADMIN_PAGE_MAX}); used with page`),
  q: z.string().trim().max(200, ADMIN_QUERY_TOO_LONG).optional().describe('case-insensitive search'),
};

/** The filter buttons of App Management: Marketplace = public apps, Internal = internal and partner apps. */
export const ADMIN_APP_TYPE_FILTERS = ['all', 'marketplace', 'internal'] as const;
export type AdminAppTypeFilter = (typeof ADMIN_APP_TYPE_FILTERS)[number];

/** The plain array of an unpaged GET /api/admin/users holds at most this many accounts (then Link rel=next). */
export const ADMIN_USERS_UNPAGED_MAX = 100;
/** GET /api/admin/apps without paging params: at most this many apps (then X-Total-Count and Link). */
export const ADMIN_APPS_UNPAGED_MAX = 100;
/** GET /api/admin/apps?page=: pages reach at most this many apps deep (cursor paging goes on past it). */
export const ADMIN_APPS_PAGE_WINDOW = 1_000;
export const ADMIN_APPS_PAGE_TOO_DEEP = `page reaches past the first ${ADMIN_APPS_PAGE_WINDOW} apps: page with limit and cursor instead`;
export const ADMIN_USERS_CURSOR_TOO_LONG = 'cursor must be at most 1000 characters';

/**
 * GET /api/admin/users query. q searches email, full_name and company; status and role filter.
 * With limit or cursor the answer is a page object; without, the spec's array (capped).
 */
export const AdminUserListQuery = z.object({
  limit: limitParam(ADMIN_PAGE_MAX)
    .optional()
    .describe(
      `rows per page (default ${ADMIN_PAGE_SIZE} with a cursor, at most ${ADMIN_PAGE_MAX}); asks for the page object`,
    ),
  cursor: z
    .string()
    .max(1000, ADMIN_USERS_CURSOR_TOO_LONG)
    .optional()
    .describe('next_cursor of the previous page (or the cursor of a Link rel="next")'),
  q: paging.q,
  status: z.enum(ACCOUNT_STATUSES, { error: ADMIN_USER_STATUS_INVALID }).optional().describe('one account status'),
  role: z.enum(ROLES, { error: ADMIN_ROLE_INVALID }).optional().describe('one role'),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>;

/** GET /api/admin/apps query. q searches the app's name, its developer's e-mail and its company. */
export const AdminAppListQuery = z.object({
  ...paging,
  status: z.enum(APP_STATUSES, { error: ADMIN_STATUS_INVALID }).optional().describe('one app status'),
  type: z.enum(ADMIN_APP_TYPE_FILTERS, { error: ADMIN_TYPE_INVALID }).default('all').describe('type filter'),
});
export type AdminAppListQuery = z.infer<typeof AdminAppListQuery>;

export const ADMIN_APPS_CURSOR_TOO_LONG = 'cursor must be at most 1000 characters';

/**
 * GET /api/admin/apps with `cursor`, or `limit` without `page`: one page read from the table.
 * q searches the app's name (normalised, a substring); status and type filter.
 */
export const AdminAppCursorQuery = z.object({
  limit: AdminUserListQuery.shape.limit,
  cursor: z.string().max(1000, ADMIN_APPS_CURSOR_TOO_LONG).optional().describe('next_cursor of the previous page'),
  q: paging.q,
  status: AdminAppListQuery.shape.status,
  type: AdminAppListQuery.shape.type,
});
export type AdminAppCursorQuery = z.infer<typeof AdminAppCursorQuery>;

const pageFields = {
  total: z.number().int().describe('rows matching the search and filters'),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int().describe('at least 1'),
};

export const AdminUserPageSchema = z
  .object({
    items: z.array(AdminUserSchema),
    next_cursor: z
      .string()
      .nullable()
      .describe(
        'the next page (null on the last). A searched or filtered page reads a bounded window of accounts, ' +
          'so it can hold fewer rows than limit, even none, and still have a next page',
      ),
    limit: z.number().int(),
    /** Every account, before the search and filters. */
    all: z.number().int(),
    /** Developers awaiting approval (status pending; before the search and filters): never practices or invited accounts. */
    awaiting_approval: z.number().int(),
    /** Imported legacy accounts that have not set their password (before the search and filters). */
    invited: z.number().int(),
  })
  .meta({ id: 'AdminUserPage' });
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

export const AdminAppPageSchema = z
  .object({
    apps: z.array(AdminAppSchema),
    ...pageFields,
    /** Per type filter, after the search and status filter. */
    counts: z.object({ all: z.number().int(), marketplace: z.number().int(), internal: z.number().int() }),
    /** Per status, after the search and type filter. */
    status_counts: z.object(
      Object.fromEntries(APP_STATUSES.map((s) => [s, z.number().int()])) as Record<AppStatus, z.ZodNumber>,
    ),
  })
  .meta({ id: 'AdminAppPage' });
export type AdminAppPage = z.infer<typeof AdminAppPageSchema>;

const typeCounts = z.object({ all: z.number().int(), marketplace: z.number().int(), internal: z.number().int() });
const statusCounts = z.object(
  Object.fromEntries(APP_STATUSES.map((s) => [s, z.number().int()])) as Record<AppStatus, z.ZodNumber>,
);

export const AdminAppCursorPageSchema = z
  .object({
    items: z.array(AdminAppSchema),
    next_cursor: z
      .string()
      .nullable()
      .describe(
        'the next page (null on the last). A searched or filtered page reads a bounded window of apps, ' +
          'so it can hold fewer rows than limit, even none, and still have a next page',
      ),
    limit: z.number().int(),
    total: z.number().int().describe('apps matching the status and type filters (counters: the search is not counted)'),
    counts: typeCounts.describe('apps per type filter, after the status filter (counters, before the search)'),
    status_counts: statusCounts.describe('apps per status, after the type filter (counters, before the search)'),
  })
  .meta({ id: 'AdminAppCursorPage' });
export type AdminAppCursorPage = z.infer<typeof AdminAppCursorPageSchema>;

/** App Management's counters: apps per type filter and status (kept with each app write). */
export type AdminAppCounters = Record<'marketplace' | 'internal', Record<AppStatus, number>>;

/**
 * The counts App Management shows for a status and type filter, from the counters: per type after
 * the status filter, per status after the type filter, and the total both filters leave.
 */
export function adminAppCountsFor(
  counters: AdminAppCounters,
  query: { status?: AppStatus; type: AdminAppTypeFilter },
): Pick<AdminAppCursorPage, 'total' | 'counts' | 'status_counts'> {
  const types: Array<'marketplace' | 'internal'> = query.type === 'all' ? ['marketplace', 'internal'] : [query.type];
  const ofStatus = (s: AppStatus) => types.reduce<number>((sum, t) => sum + counters[t][s], 0);
  const ofType = (t: 'marketplace' | 'internal') =>
    query.status ? counters[t][query.status] : APP_STATUSES.reduce<number>((sum, s) => sum + counters[t][s], 0);
  const status_counts = Object.fromEntries(APP_STATUSES.map((s) => [s, ofStatus(s)])) as Record<AppStatus, number>;
  const marketplace = ofType('marketplace');
  const internal = ofType('internal');
  const counts = { all: marketplace + internal, marketplace, internal };
  return { total: counts[query.type], counts, status_counts };
}

/** Case-insensitive: one of the fields contains the trimmed query; a blank query matches everything. */
function matchesSearch(query: string, ...fields: (string | null | undefined)[]): boolean {
  const q = query.trim().toLowerCase();
  return !q || fields.some((f) => f?.toLowerCase().includes(q));
}

/** The status and role filters of GET /api/admin/users (absent: any). */
export const matchesUserFilters = (
  user: { status: string; role: string },
  query: { status?: string; role?: string },
): boolean => (!query.status || user.status === query.status) && (!query.role || user.role === query.role);

export const matchesUserSearch = (
  user: { email?: string | null; full_name?: string | null; company?: string | null },
  query = '',
): boolean => matchesSearch(query, user.email, user.full_name, user.company);

export const matchesAppSearch = (
  app: { name?: string | null; user_email?: string | null; company_name?: string | null },
  query = '',
): boolean => matchesSearch(query, app.name, app.user_email, app.company_name);

export const matchesAppType = (app: { type?: string | null }, filter: AdminAppTypeFilter): boolean =>
  filter === 'all' || (filter === 'marketplace' ? app.type === 'public' : app.type !== 'public');

/** Apps awaiting review come first; otherwise the order given (newest first) is kept. */
export function awaitingReviewFirst<
  T extends { type?: string | null; is_approved?: boolean | null; is_suspended?: boolean | null },
>(apps: T[]): T[] {
  const rank = (a: T) => (appStatusOf(a) === 'Pending Review' ? 0 : 1);
  return apps
    .map((a, i) => [a, i] as const)
    .sort(([a, i], [b, j]) => rank(a) - rank(b) || i - j)
    .map(([a]) => a);
}

/** One page of rows; a page past the end is empty (pages still says how many there are). */
export function pageOf<T>(rows: T[], page: number, limit: number) {
  return {
    rows: rows.slice((page - 1) * limit, page * limit),
    total: rows.length,
    page,
    limit,
    pages: Math.max(1, Math.ceil(rows.length / limit)),
  };
}

/** What the App Management list filters and counts an app by. */
type ListedApp = AppStatusInput & { name?: string | null; user_email?: string | null; company_name?: string | null };

/**
 * GET /api/admin/apps's answer for these apps (newest first) and this query: the apps matching q,
 * status and type; with `page`, one page of them (awaiting review first) with the counts App
 * Management shows, per type after the status filter and per status after the type filter.
 */
export function adminAppListing<T extends ListedApp>(
  apps: T[],
  query: AdminAppListQuery,
): T[] | (Omit<AdminAppPage, 'apps'> & { apps: T[] }) {
  const searched = apps.filter((a) => matchesAppSearch(a, query.q));
  const ofStatus = (a: T) => !query.status || appStatusOf(a) === query.status;
  const shown = searched.filter((a) => ofStatus(a) && matchesAppType(a, query.type));
  if (query.page === undefined) return shown;

  const { rows, ...paging } = pageOf(awaitingReviewFirst(shown), query.page, query.limit);
  const byStatus = searched.filter(ofStatus);
  const ofType = searched.filter((a) => matchesAppType(a, query.type));
  return {
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
}
