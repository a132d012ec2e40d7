/**
 * Server paging, search and filters of the admin lists: App Management searches
 * app name, developer e-mail and company, filters by status and type, and lists apps awaiting
 * review first; both lists answer one page at a time once `page` is given.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { AdminAppPageSchema, type AdminUserPage, AdminUserPageSchema } from '@shared/schemas/admin-lists';
import type { AdminUser } from '@shared/schemas/admin-users';
import { type AdminApp, AdminAppListSchema, type OwnerApp } from '@shared/schemas/apps';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/aws-clients';
import { userItem } from '../../functions/adapters/dynamodb/users-repo';
import { aUser } from '../../functions/core/api-keys/testing';
import { adminToken, api, type JsonBody, newDeveloper } from '../support/api';

const run = randomUUID().slice(0, 8);
let admin: string;
let dev: Awaited<ReturnType<typeof newDeveloper>>;
const ids: Record<string, string> = {};

const asAdmin = <T = JsonBody>(path: string) => api<T>('GET', path, { token: admin });

function payload(name: string) {
  return {
    name,
    tagline: 'Listed for paging',
    short_description: 'An app in the admin list.',
    category: 'Communication',
    tags: 'paging',
    website_url: 'https://paging.example.com',
    icon_url: 'https://cdn.example.com/paging.png',
    key_features: ['Paging', 'Search'],
    pricing_model: 'one_time',
    price: 10,
    company_name: `Pager ${run} Co`,
    licensing_type: 'manual',
    licensing_instructions: 'We will e-mail your access details.',
    metadata: {},
  };
}

beforeAll(async () => {
  [admin, dev] = await Promise.all([adminToken(), newDeveloper({ company_name: `Devco ${run}` })]);
  // Submitted one after the other so "newest first" is well defined: a is the oldest.
  for (const label of ['a', 'b', 'c']) {
    const res = await api<OwnerApp>('POST', '/api/apps/submit', {
      token: dev.token,
      body: payload(`PagingApp ${run} ${label}`),
    });
    if (res.status !== 201) throw new Error(JSON.stringify(res.body));
    ids[label] = res.body.id;
    await new Promise((r) => setTimeout(r, 15));
  }
  // The oldest is approved (Published); b and c await review.
  const ok = await api('POST', `/api/admin/apps/${ids.a}/approve`, { token: admin });
  if (ok.status !== 200) throw new Error(JSON.stringify(ok.body));
});

describe('GET /api/admin/apps search, filter and paging', () => {
  it('without page answers the matching array as before, searching name, developer e-mail and company', async () => {
    const byName = await asAdmin(`/api/admin/apps?q=${encodeURIComponent(`pagingapp ${run}`)}`);
    expect(byName.status).toBe(200);
    expect(AdminAppListSchema.parse(byName.body).map((a) => a.id)).toEqual([ids.c, ids.b, ids.a]);
    const byEmail = await asAdmin<AdminApp[]>(`/api/admin/apps?q=${encodeURIComponent(dev.email.toUpperCase())}`);
    expect(byEmail.body.map((a) => a.id).sort()).toEqual(Object.values(ids).sort());
    const byCompany = await asAdmin(`/api/admin/apps?q=${encodeURIComponent(`pager ${run}`)}`);
    expect(byCompany.body).toHaveLength(3);
    const none = await asAdmin(`/api/admin/apps?q=nothing-${run}`);
    expect(none.body).toEqual([]);
  });

  it('pages with awaiting-review apps first, and counts per type and status', async () => {
    const q = encodeURIComponent(run);
    const first = await asAdmin(`/api/admin/apps?q=${q}&page=1&limit=2`);
    expect(first.status).toBe(200);
    const p1 = AdminAppPageSchema.parse(first.body);
    expect(p1.apps.map((a) => a.id)).toEqual([ids.c, ids.b]);
    expect(p1).toMatchObject({ total: 3, page: 1, limit: 2, pages: 2 });
    expect(p1.counts).toEqual({ all: 3, marketplace: 3, internal: 0 });
    expect(p1.status_counts).toEqual({ 'Pending Review': 2, Published: 1, Active: 0, Suspended: 0 });
    const p2 = AdminAppPageSchema.parse((await asAdmin(`/api/admin/apps?q=${q}&page=2&limit=2`)).body);
    expect(p2.apps.map((a) => a.id)).toEqual([ids.a]);
    expect(p2.apps[0]?.status).toBe('Published');
    const past = AdminAppPageSchema.parse((await asAdmin(`/api/admin/apps?q=${q}&page=9&limit=2`)).body);
    expect(past.apps).toEqual([]);
    expect(past.total).toBe(3);
  });

  it('filters by status and type', async () => {
    const q = encodeURIComponent(run);
    const pending = AdminAppPageSchema.parse(
      (await asAdmin(`/api/admin/apps?q=${q}&status=${encodeURIComponent('Pending Review')}&page=1`)).body,
    );
    expect(pending.apps.map((a) => a.id)).toEqual([ids.c, ids.b]);
    expect(pending.counts).toEqual({ all: 2, marketplace: 2, internal: 0 });
    const published = await asAdmin<AdminApp[]>(`/api/admin/apps?q=${q}&status=Published`);
    expect(published.body.map((a) => a.id)).toEqual([ids.a]);
    const internal = AdminAppPageSchema.parse((await asAdmin(`/api/admin/apps?q=${q}&type=internal&page=1`)).body);
    expect(internal.total).toBe(0);
    expect(internal.status_counts['Pending Review']).toBe(0);
  });

  it('refuses bad paging or filters with a 400 detail, and non-admins', async () => {
    for (const [query, detail] of [
      ['page=0', /page must be/],
      ['page=1&limit=101', /limit must be/],
      ['page=11&limit=100', /^page reaches past the first 1000 apps: page with limit and cursor instead$/],
      ['status=Gone', /status must be one of/],
      ['type=partner', /type must be one of/],
    ] as const) {
      const res = await asAdmin(`/api/admin/apps?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.detail).toMatch(detail);
    }
    expect((await api('GET', '/api/admin/apps?page=1', { token: dev.token })).status).toBe(403);
  });
});

/** Every row of a searched or filtered user list, following next_cursor (a page can be short, even empty). */
async function everyUserPage(query: string, limit: number) {
  const pages: AdminUserPage[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/admin/users?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await asAdmin(url);
    expect(res.status, url).toBe(200);
    const page = AdminUserPageSchema.parse(res.body);
    expect(page.items.length).toBeLessThanOrEqual(limit);
    pages.push(page);
    cursor = page.next_cursor;
  } while (cursor && pages.length < 500);
  return pages;
}

describe('GET /api/admin/users paging', () => {
  it('pages the searched accounts past the first page with the counts User Management shows', async () => {
    const others = [
      await newDeveloper({ company_name: `Devco ${run}` }),
      await newDeveloper({ company_name: `Devco ${run}` }),
    ];
    const q = encodeURIComponent(`DEVCO ${run}`);
    const whole = await asAdmin(`/api/admin/users?q=${q}`);
    expect(whole.status).toBe(200);
    expect(whole.body).toHaveLength(3);
    const pages = await everyUserPage(`q=${q}`, 2);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.flatMap((p) => p.items.map((u) => u.email))).toEqual([others[1]?.email, others[0]?.email, dev.email]);
    const first = pages[0] as AdminUserPage;
    expect(first.all).toBeGreaterThanOrEqual(3);
    expect(first.awaiting_approval).toBeGreaterThanOrEqual(3);
    // Filters combine with the search, on the server.
    const pending = await everyUserPage(`q=${q}&status=pending&role=developer`, 25);
    expect(pending.flatMap((p) => p.items).length).toBe(3);
    expect((await everyUserPage(`q=${q}&status=approved`, 25)).flatMap((p) => p.items)).toEqual([]);
    for (const bad of ['limit=0', 'limit=101', 'cursor=nonsense', 'status=gone', 'role=owner']) {
      const res = await asAdmin(`/api/admin/users?${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.detail, bad).toBeTruthy();
    }
  });

  it('the plain array stops at 100 accounts with X-Total-Count and a Link to the rest; counts move with approval', async () => {
    const before = AdminUserPageSchema.parse((await asAdmin('/api/admin/users?limit=1')).body);
    // 101 accounts of one company, written straight into the table (BatchWrite, 25 a request).
    const company = `Bulkco ${run}`;
    const now = Date.now();
    const users = Array.from({ length: 101 }, (_, i) => ({
      ...aUser({ company_name: company, created_at: new Date(now + i).toISOString() }),
    }));
    for (let i = 0; i < users.length; i += 25) {
      await documentClient().send(
        new BatchWriteCommand({
          RequestItems: {
            [tableName()]: users.slice(i, i + 25).map((u) => ({ PutRequest: { Item: userItem.toItem(u, null) } })),
          },
        }),
      );
    }
    const q = encodeURIComponent(company.toLowerCase());
    const capped = await api<AdminUser[]>('GET', `/api/admin/users?q=${q}`, { token: admin });
    expect(capped.status).toBe(200);
    expect(capped.body.length).toBeLessThanOrEqual(100);
    const link = /<([^>]+)>; rel="next"/.exec(capped.headers.get('link') ?? '')?.[1];
    expect(link).toContain('limit=100');
    expect(capped.headers.get('x-total-count')).toBeNull(); // a search has no counter
    const rest = await everyUserPage(`q=${q}`, 100);
    const ids = rest.flatMap((p) => p.items.map((u) => u.id));
    expect(new Set(ids).size).toBe(101);

    const unfiltered = await api<AdminUser[]>('GET', '/api/admin/users', { token: admin });
    expect(unfiltered.body).toHaveLength(100);
    expect(unfiltered.headers.get('link')).toContain('rel="next"');
    expect(Number(unfiltered.headers.get('x-total-count'))).toBe(before.all);

    // A developer signing up counts as awaiting approval; approving moves the counter back.
    const fresh = await newDeveloper();
    const after = AdminUserPageSchema.parse((await asAdmin('/api/admin/users?limit=1')).body);
    expect(after.all).toBe(before.all + 1);
    expect(after.awaiting_approval).toBe(before.awaiting_approval + 1);
    expect(
      Number((await api('GET', '/api/admin/users?status=pending', { token: admin })).headers.get('x-total-count')),
    ).toBe(after.awaiting_approval);
    expect((await api('POST', '/api/approve-user', { token: admin, body: { email: fresh.email } })).status).toBe(200);
    const approved = AdminUserPageSchema.parse((await asAdmin('/api/admin/users?limit=1')).body);
    expect(approved.awaiting_approval).toBe(before.awaiting_approval);
    expect((await api('GET', '/api/admin/users?limit=5', { token: dev.token })).status).toBe(403);
  });
});
