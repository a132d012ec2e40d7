import {
  ADMIN_PAGE_SIZE,
  ADMIN_USERS_UNPAGED_MAX,
  AdminUserListQuery,
  type AdminUserPage,
} from '@shared/schemas/admin-lists';
import type { UserCounts } from '../../core/users/ports';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { developerAdmin } from '../../wiring/developer-admin';

/** How many accounts have `status` (from the counters), when no search or role filter narrows it. */
function totalOf(counts: UserCounts, query: AdminUserListQuery): number | null {
  if (query.q || query.role) return null;
  if (query.status === 'pending') return counts.pending;
  if (query.status === 'invited') return counts.invited;
  if (query.status === 'approved') return counts.all - counts.pending - counts.invited;
  return counts.all;
}

/**
 * GET /api/admin/users: accounts (developers, practices and admins), newest first; q searches
 * email, full_name and company, status and role filter, all on the server from bounded reads.
 * With limit or cursor: one page {items, next_cursor, limit} with the counts User Management shows
 * (counters: awaiting approval counts pending developers only). Without: the spec's plain array,
 * at most ADMIN_USERS_UNPAGED_MAX accounts, with X-Total-Count (when a counter knows it: no search,
 * no role) and `Link: <...&limit=100&cursor=...>; rel="next"` past the cap.
 */
export const listUsers: AdminHandler = async (req) => {
  const query = parse(AdminUserListQuery, req.query);
  const paged = query.limit !== undefined || query.cursor !== undefined;
  const limit = query.limit ?? (paged ? ADMIN_PAGE_SIZE : ADMIN_USERS_UNPAGED_MAX);
  const [page, counts] = await Promise.all([
    developerAdmin.pageUsers({ ...query, limit }),
    developerAdmin.userCounts(),
  ]);
  if (paged) {
    const body: AdminUserPage = {
      items: page.items,
      next_cursor: page.next_cursor,
      limit,
      all: counts.all,
      awaiting_approval: counts.pending,
      invited: counts.invited,
    };
    return ok(body);
  }
  const headers: Record<string, string> = {};
  const total = totalOf(counts, query);
  if (total !== null) headers['x-total-count'] = String(total);
  if (page.next_cursor) {
    const params = new URLSearchParams();
    for (const k of ['q', 'status', 'role'] as const) if (query[k]) params.set(k, String(query[k]));
    params.set('limit', String(ADMIN_USERS_UNPAGED_MAX));
    params.set('cursor', page.next_cursor);
    headers.link = `<${req.path}?${params}>; rel="next"`;
  }
  return ok(page.items, headers);
};
