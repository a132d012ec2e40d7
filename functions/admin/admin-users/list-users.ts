import { AdminUserListQuery, type AdminUserPage, matchesUserSearch, pageOf } from '../../../shared/schemas/admin-lists';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { developerAdmin } from '../../wiring/developer-admin';

/**
 * GET /api/admin/users: every account (developers and admins), newest first; q searches email,
 * full_name and company. With `page` the answer is one page with the counts User Management shows.
 */
export const listUsers: AdminHandler = async (req) => {
  const query = parse(AdminUserListQuery, req.query);
  const all = await developerAdmin.listUsers();
  const shown = all.filter((u) => matchesUserSearch(u, query.q));
  if (query.page === undefined) return ok(shown);
  const { rows, ...paging } = pageOf(shown, query.page, query.limit);
  const body: AdminUserPage = {
    users: rows,
    ...paging,
    all: all.length,
    awaiting_approval: all.filter((u) => u.role !== 'admin' && !u.is_approved).length,
  };
  return ok(body);
};
