import {
  AdminUserListQuery,
  type AdminUserPage,
  matchesUserFilters,
  matchesUserSearch,
  pageOf,
} from '../../../shared/schemas/admin-lists';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { developerAdmin } from '../../wiring/developer-admin';

/**
 * GET /api/admin/users: every account (developers, practices and admins), newest first; q searches
 * email, full_name and company, status and role filter. With `page` the answer is one page with the
 * counts User Management shows; awaiting approval counts pending developers only.
 */
export const listUsers: AdminHandler = async (req) => {
  const query = parse(AdminUserListQuery, req.query);
  const all = await developerAdmin.listUsers();
  const shown = all.filter((u) => matchesUserSearch(u, query.q) && matchesUserFilters(u, query));
  if (query.page === undefined) return ok(shown);
  const { rows, ...paging } = pageOf(shown, query.page, query.limit);
  const body: AdminUserPage = {
    users: rows,
    ...paging,
    all: all.length,
    awaiting_approval: all.filter((u) => u.status === 'pending').length,
    invited: all.filter((u) => u.status === 'invited').length,
  };
  return ok(body);
};
