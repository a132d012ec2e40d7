/**
 * User Management's reads (functions/core/users/ports.ts UserDirectory), apart from the accounts
 * repository so only the admin function carries them:
 *
 * | Access pattern                          | Index | Key condition                          |
 * |-----------------------------------------|-------|----------------------------------------|
 * | accounts, newest first, one page        | GSI1  | GSI1PK=USERS (FilterExpression: filters, search_text) |
 * | the counts (all, pending, invited)      | table | PK=USERCOUNTS, SK=COUNTS (moved in users-repo.ts) |
 *
 * A filtered or searched page reads at most USER_SEARCH_WINDOW accounts.
 */
import type { UserDirectory } from '../../core/users/ports';
import type { AccountStatus, User } from '../../core/users/user';
import { allOf, getItem, num, onIndex, type QueryFilter, queryWindowPage } from './dynamo';
import { userKeys } from './keys';
import { normaliseSearch, userItem } from './users-repo';

/** Most accounts one filtered or searched page reads (a filter is applied after the read). */
export const USER_SEARCH_WINDOW = 500;
export const ADMIN_USERS_CURSOR_INVALID = 'cursor is not a cursor of this user list';

/** The filter of a page of accounts: status, role and a search, as a FilterExpression. */
function userFilter(query: { q?: string; status?: AccountStatus; role?: User['role'] }): QueryFilter {
  const parts: string[] = [];
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  if (query.status === 'invited') {
    parts.push('invited = :t');
    values[':t'] = true;
  } else if (query.status) {
    // pending: a developer not approved (and not invited); approved: everyone else not invited.
    parts.push(
      query.status === 'pending'
        ? 'attribute_not_exists(invited) AND #role = :dev AND (attribute_not_exists(is_approved) OR is_approved = :f)'
        : 'attribute_not_exists(invited) AND (#role <> :dev OR is_approved = :t)',
    );
    names['#role'] = 'role';
    values[':dev'] = 'developer';
    if (query.status === 'pending') values[':f'] = false;
    else values[':t'] = true;
  }
  if (query.role) {
    parts.push('#role = :role');
    names['#role'] = 'role';
    values[':role'] = query.role;
  }
  const q = query.q ? normaliseSearch(query.q) : '';
  if (q) {
    parts.push('contains(search_text, :q)');
    values[':q'] = q;
  }
  return allOf(parts, names, values);
}

export const dynamoUserDirectory: UserDirectory = {
  async pageUsers(query) {
    const filter = userFilter(query);
    const page = await queryWindowPage(onIndex('GSI1', userKeys.listPartition, filter), {
      limit: query.limit,
      // Unfiltered, a page reads exactly its rows; filtered, at most the window.
      window: filter.FilterExpression ? USER_SEARCH_WINDOW : query.limit,
      cursor: query.cursor,
      index: 'GSI1',
      partition: userKeys.listPartition,
      invalid: ADMIN_USERS_CURSOR_INVALID,
    });
    return { items: page.items.map(userItem.fromItem), next_cursor: page.next_cursor };
  },

  async userCounts() {
    const item = await getItem(userKeys.counts, { consistent: false });
    return { all: num(item?.all) ?? 0, pending: num(item?.pending) ?? 0, invited: num(item?.invited) ?? 0 };
  },
};
