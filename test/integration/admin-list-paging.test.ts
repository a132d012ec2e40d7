/**
 * Admin lists page from the table (issue 26, item 3): an app's purchase history and the webhook
 * logs are the spec's plain arrays, one page at a time (`X-Next-Cursor`, `Link: rel="next"`); the
 * Sales column reads counters moved in the purchases' own transactions.
 */
import { randomUUID } from 'node:crypto';
import type { AdminAppCursorPage } from '@shared/schemas/admin-lists';
import type { AdminPurchase } from '@shared/schemas/checkout';
import { describe, expect, it } from 'vitest';
import { createApprovedDeveloper, writeLicensedPurchase } from '../../bin/support/licensed-purchase';
import { DynamoAppsRepository } from '../../functions/adapters/dynamodb/apps-repo';
import { purchaseItem } from '../../functions/adapters/dynamodb/purchase-item';
import { dynamoPurchasesRepository, salesCountersOf } from '../../functions/adapters/dynamodb/purchases-repo';
import type { AppRecord } from '../../functions/core/apps/app';
import { appRecord } from '../../functions/core/apps/testing';
import { adminToken, api } from '../support/api';
import { must } from '../support/must';

/** Every page of a paged plain-array route, following X-Next-Cursor; checks Link agrees. */
async function allPages<T>(token: string, path: string, limit: number): Promise<{ pages: T[][] }> {
  const pages: T[][] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const url: string = `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await api<T[]>('GET', url, { token });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeLessThanOrEqual(limit);
    pages.push(res.body);
    cursor = res.headers.get('x-next-cursor');
    if (cursor) expect(res.headers.get('link')).toContain('rel="next"');
  } while (cursor && pages.length < 100);
  return { pages };
}

/** Every page of App Management's cursor-paged answer, following next_cursor. */
async function appPages(token: string, query: string): Promise<AdminAppCursorPage['items'][]> {
  const pages: AdminAppCursorPage['items'][] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/admin/apps?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await api<AdminAppCursorPage>('GET', url, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(res.body.limit);
    pages.push(res.body.items);
    cursor = res.body.next_cursor;
  } while (cursor && pages.length < 50);
  return pages;
}

describe('admin lists page with cursors', () => {
  it('App Management pages from the table past its first page, filtered and searched, without repeats', async () => {
    const token = await adminToken();
    const run = randomUUID().slice(0, 8);
    const repo = new DynamoAppsRepository();
    const make = (label: string, over: Partial<AppRecord> = {}) =>
      repo.create(
        appRecord({
          id: `adminpage-${run}-${label}`,
          name: `Pagecheck ${run} ${label}`,
          user_id: 'adminpage-owner',
          category: 'Clinical Tools',
          category_slug: 'clinical-tools',
          ...over,
        }),
      );
    // Listed (Published) b, a, c; awaiting review p1..p3 (created in order); one suspended.
    for (const l of ['b', 'a', 'c']) await make(l);
    for (const l of ['p1', 'p2', 'p3']) await make(l, { is_approved: false });
    await make('s', { is_approved: false, is_suspended: true });

    const all = (await appPages(token, `limit=2&q=${encodeURIComponent(`PAGECHECK ${run}`)}`)).flat();
    const names = all.map((a) => a.name.split(' ').pop());
    expect(new Set(names).size).toBe(names.length);
    // Off the marketplace first, newest first; then the marketplace A-Z.
    expect(names).toEqual(['s', 'p3', 'p2', 'p1', 'a', 'b', 'c']);

    const pending = await appPages(token, `limit=2&status=Pending%20Review&q=${run}`);
    expect(pending.length).toBeGreaterThanOrEqual(2);
    expect(pending.flat().map((a) => a.name.split(' ').pop())).toEqual(['p3', 'p2', 'p1']);
    const published = (await appPages(token, `limit=2&status=Published&q=${run}`)).flat();
    expect(published.map((a) => a.status)).toEqual(['Published', 'Published', 'Published']);
    const internal = (await appPages(token, `limit=5&type=internal&q=${run}`)).flat();
    expect(internal).toEqual([]);

    // The counts App Management shows come with each page, from the counters (the search not counted).
    const counted = (await api<AdminAppCursorPage>('GET', `/api/admin/apps?limit=1&q=${run}`, { token })).body;
    const sum = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
    expect(counted.total).toBe(counted.counts.all);
    expect(counted.counts.all).toBe(counted.counts.marketplace + counted.counts.internal);
    expect(sum(counted.status_counts)).toBe(counted.counts.all);
    expect(counted.status_counts['Pending Review']).toBeGreaterThanOrEqual(3);
    const filtered = (
      await api<AdminAppCursorPage>('GET', '/api/admin/apps?limit=1&status=Suspended&type=marketplace', { token })
    ).body;
    expect(filtered.total).toBe(filtered.counts.marketplace);
    expect(filtered.counts.all).toBe(filtered.counts.marketplace + filtered.counts.internal);
    expect(filtered.counts.marketplace).toBe(filtered.status_counts.Suspended);
    expect(filtered.total).toBeGreaterThanOrEqual(1);

    // A developer's whole e-mail finds their apps whatever their names; a company finds its apps.
    const dev = await createApprovedDeveloper();
    await make('mine-1', { user_id: dev, name: `Unrelated ${run} one`, company_name: `Acme ${run} Dental` });
    await make('mine-2', { user_id: dev, name: `Unrelated ${run} two`, is_approved: false });
    const byEmail = (await appPages(token, `limit=1&q=${encodeURIComponent(`${dev}@BENCH.example.com`)}`)).flat();
    expect(byEmail.map((a) => a.id)).toEqual([`adminpage-${run}-mine-2`, `adminpage-${run}-mine-1`]);
    const pendingOfDev = (
      await appPages(token, `limit=5&status=Pending%20Review&q=${encodeURIComponent(`${dev}@bench.example.com`)}`)
    ).flat();
    expect(pendingOfDev.map((a) => a.id)).toEqual([`adminpage-${run}-mine-2`]);
    const byCompany = (await appPages(token, `limit=5&q=${encodeURIComponent(`acme ${run}`)}`)).flat();
    expect(byCompany.map((a) => a.id)).toEqual([`adminpage-${run}-mine-1`]);

    const bad = await api<{ detail: string }>('GET', '/api/admin/apps?cursor=nonsense', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('cursor is not a cursor of this app list');
  });

  it("an app's purchase history pages past its first page, newest first, without repeats", async () => {
    const token = await adminToken();
    const dev = await createApprovedDeveloper();
    const appId = `app-${randomUUID()}`;
    for (let i = 0; i < 7; i++) await writeLicensedPurchase(dev, { appId, buyer: `buyer${i}` });
    const { pages } = await allPages<AdminPurchase>(token, `/api/admin/apps/${appId}/purchases`, 3);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const rows = pages.flat();
    expect(rows).toHaveLength(7);
    expect(new Set(rows.map((r) => r.id)).size).toBe(7);
    const dates = rows.map((r) => r.created_at);
    expect(dates).toEqual([...dates].sort().reverse());

    const bad = await api<{ detail: string }>('GET', `/api/admin/apps/${appId}/purchases?cursor=nonsense`, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('cursor is not a cursor of this list');
  });

  it('the webhook logs page past their first page', async () => {
    const token = await adminToken();
    const { pages } = await allPages<{ id: string }>(token, '/api/admin/logs', 2);
    const rows = pages.flat();
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    if (rows.length > 2) expect(pages.length).toBeGreaterThanOrEqual(2);
  });

  it('sales counters move in the same transaction as the purchase, and back on a refund', async () => {
    const dev = await createApprovedDeveloper();
    const appId = `app-${randomUUID()}`;
    await writeLicensedPurchase(dev, { appId });
    const before = must((await salesCountersOf([appId])).get(appId));
    const id = randomUUID();
    const now = new Date().toISOString();
    const sale = purchaseItem.fromItem({
      id,
      app_id: appId,
      user_id: `buyer-${randomUUID()}`,
      buyer_email: 'counted@example.com',
      status: 'completed',
      amount_cents: 2500,
      session_id: `sess-${id}`,
      created_at: now,
      completed_at: now,
    });
    await dynamoPurchasesRepository.create(sale);
    const after = must((await salesCountersOf([appId])).get(appId));
    expect(after).toEqual({
      purchases: before.purchases + 1,
      total_sales: before.total_sales + 1,
      total_revenue_cents: before.total_revenue_cents + 2500,
      installs: before.installs,
    });
    expect(await dynamoPurchasesRepository.markRefunded(id, { refunded_at: new Date().toISOString() })).not.toBe(
      'not_applicable',
    );
    const refunded = must((await salesCountersOf([appId])).get(appId));
    expect(refunded).toEqual({
      purchases: before.purchases + 1,
      total_sales: before.total_sales,
      total_revenue_cents: before.total_revenue_cents,
      installs: before.installs,
    });
  });
});
