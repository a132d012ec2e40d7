import { MSG } from '@shared/messages';
import { matchesUserFilters, matchesUserSearch } from '@shared/schemas/admin-lists';
import {
  type AdminUserDetail,
  INVITATION_SENT,
  INVITED_NO_APPROVAL,
  type WebhookLog,
} from '@shared/schemas/admin-users';
import type { ApiKey } from '@shared/schemas/keys';
import { bodyOf, fail, type HttpHandler, HttpResponse, http, queryOf } from '../server';

export function adminUserFixture(
  over: Partial<AdminUserDetail> & Pick<AdminUserDetail, 'id' | 'email'>,
): AdminUserDetail {
  const role = over.role ?? 'developer';
  const approved = over.is_approved ?? false;
  return {
    full_name: 'Dana Developer',
    company: 'Bright Smiles Software',
    role,
    created_at: '2025-02-01T09:00:00.000Z',
    is_approved: approved,
    // As the server derives it: a developer awaiting approval is pending, everyone else approved.
    status: role === 'developer' && !approved ? 'pending' : 'approved',
    website: null,
    ...over,
  };
}

export function webhookLogFixture(over: Partial<WebhookLog> & Pick<WebhookLog, 'id'>): WebhookLog {
  return {
    app_id: 'app-1',
    event_type: 'license.purchased',
    target_url: 'https://hooks.example.com/dental',
    status_code: 200,
    response: 'ok',
    timestamp: '2025-03-02T08:30:00.000Z',
    response_time_ms: 120,
    retry_count: 0,
    delivery_id: `dlv-${over.id}`,
    ...over,
  };
}

/**
 * The admin's User Management calls over in-memory users, keys (by owner) and logs, with the
 * server's rules: admins and invited accounts cannot be approved; an invited account's invitation
 * can be re-sent; approval activates the owner's production keys;
 * an admin rotation answers the new prefix only.
 */
export function adminUsersHandlers(
  opts: { users?: AdminUserDetail[]; keys?: Record<string, ApiKey[]>; logs?: Record<string, WebhookLog[]> } = {},
) {
  const users = (opts.users ?? []).map((u) => ({ ...u }));
  const keys: Record<string, ApiKey[]> = Object.fromEntries(
    Object.entries(opts.keys ?? {}).map(([owner, list]) => [owner, list.map((k) => ({ ...k }))]),
  );
  const logs = opts.logs ?? {};
  let rotations = 0;

  const approve = (user: AdminUserDetail) => {
    if (user.role === 'admin') return fail(400, 'Admins do not need approval');
    if (user.status === 'invited') return fail(409, INVITED_NO_APPROVAL);
    user.is_approved = true;
    user.status = 'approved';
    for (const key of keys[user.id] ?? []) {
      key.is_active = true;
      key.status = 'active';
    }
    return HttpResponse.json({ message: MSG.userApproved(user.email) });
  };
  const find = (id: string | undefined) => users.find((u) => u.id === id);

  const handlers: HttpHandler[] = [
    // The server's search, filters and cursor paging: with limit or cursor a page {items, next_cursor, ...counts}.
    http.get('/api/admin/users', ({ request }) => {
      const query = queryOf(request);
      const listed = users.map(({ website: _website, ...u }) => u);
      const filters = { status: query.get('status') ?? undefined, role: query.get('role') ?? undefined };
      const shown = listed.filter((u) => matchesUserSearch(u, query.get('q') ?? '') && matchesUserFilters(u, filters));
      const limit = query.get('limit');
      const cursor = query.get('cursor');
      if (!limit && !cursor) return HttpResponse.json(shown.slice(0, 100));
      const from = cursor ? Number(cursor.slice(1)) : 0;
      const to = from + Number(limit ?? 25);
      return HttpResponse.json({
        items: shown.slice(from, to),
        next_cursor: to < shown.length ? `o${to}` : null,
        limit: Number(limit ?? 25),
        all: listed.length,
        awaiting_approval: listed.filter((u) => u.status === 'pending').length,
        invited: listed.filter((u) => u.status === 'invited').length,
      });
    }),
    http.post('/api/approve-user', async ({ request }) => {
      const email = ((await bodyOf(request)) as { email?: string } | undefined)?.email;
      const user = users.find((u) => u.email === email);
      return user ? approve(user) : fail(404, MSG.userNotFound);
    }),
    http.get<{ id: string }>('/api/admin/users/:id', ({ params }) => {
      const user = find(params.id);
      return user ? HttpResponse.json(user) : fail(404, MSG.userNotFound);
    }),
    http.get<{ id: string }>('/api/admin/users/:id/keys', ({ params }) =>
      find(params.id) ? HttpResponse.json(keys[params.id ?? ''] ?? []) : fail(404, MSG.userNotFound),
    ),
    http.get<{ id: string }>('/api/admin/users/:id/logs', ({ params }) =>
      find(params.id) ? HttpResponse.json(logs[params.id ?? ''] ?? []) : fail(404, MSG.userNotFound),
    ),
    http.post<{ id: string }>('/api/admin/users/:id/approve-production', ({ params }) => {
      const user = find(params.id);
      return user ? approve(user) : fail(404, MSG.userNotFound);
    }),
    // An invited account gets its set-password link again; anyone else has no open invitation.
    http.post<{ id: string }>('/api/admin/users/:id/resend-invitation', ({ params }) => {
      const user = find(params.id);
      if (!user) return fail(404, MSG.userNotFound);
      if (user.status !== 'invited')
        return fail(409, 'This account has no open invitation: it has set its password already.');
      return HttpResponse.json({ message: INVITATION_SENT(user.email) });
    }),
    http.post<{ id: string }>('/api/admin/keys/:id/rotate', ({ params }) => {
      const key = Object.values(keys)
        .flat()
        .find((k) => k.id === params.id);
      if (!key) return fail(404, 'API key not found');
      rotations += 1;
      key.key = `${key.key.slice(0, 8)}Rot${String(rotations).padStart(5, '0')}`;
      key.prefix = key.key;
      return HttpResponse.json({ ...key, message: MSG.keyRotated });
    }),
  ];
  return { handlers, users, keys };
}
