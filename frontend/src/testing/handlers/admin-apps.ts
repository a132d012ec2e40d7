import { APP_STATUSES, appStatusOf } from '@shared/app-status';
import {
  type AdminAppCounters,
  type AdminAppCursorPage,
  AdminAppCursorQuery,
  AdminAppListQuery,
  adminAppCountsFor,
  adminAppListing,
  awaitingReviewFirst,
  matchesAppType,
} from '@shared/schemas/admin-lists';
import {
  type CompleteManualLicenceInput,
  MANUAL_LICENCE_DONE,
  type ManualLicence,
} from '@shared/schemas/manual-licences';
import type { AdminAppRow, AdminPurchase } from '@/features/admin-apps/types';
import { bodyOf, fail, type HttpHandler, HttpResponse, http, offsetPage, queryOf } from '../server';

/** An app as GET /api/admin/apps lists it. */
export function adminAppFixture(over: Partial<AdminAppRow> & Pick<AdminAppRow, 'id' | 'name'>): AdminAppRow {
  return {
    type: 'public',
    slug: over.name.toLowerCase().replace(/\s+/g, '-'),
    category: 'Patient Management',
    pricing_model: 'subscription',
    price: 49,
    price_period: 'monthly',
    user_email: 'dev@example.com',
    is_approved: false,
    purchases: null,
    total_sales: null,
    total_revenue: null,
    company_name: 'Bright Smiles Software',
    description: `${over.name} description`,
    key_features: ['Online booking', 'Reminders'],
    website_url: 'https://example.com',
    created_at: '2025-03-01T10:00:00.000Z',
    ...over,
  };
}

/**
 * The admin app API over an in-memory list with the server's rules: approve only when not
 * approved, suspend only when approved (409 otherwise). Purchases per app id; missing ones 501.
 */
export function adminAppsHandlers(
  opts: { apps?: AdminAppRow[]; purchases?: Record<string, AdminPurchase[]>; manual?: ManualLicence[] } = {},
) {
  const db: AdminAppRow[] = [...(opts.apps ?? [])];
  const manual: ManualLicence[] = [...(opts.manual ?? [])];
  const completed: { id: string; body: CompleteManualLicenceInput }[] = [];
  const find = (id: string | undefined) => db.find((a) => a.id === id);
  const handlers: HttpHandler[] = [
    // The server's search, filters and paging (shared/schemas/admin-lists.ts): a page object with
    // `page`; with `cursor` or `limit` alone one cursor page (the cursor here: the offset) with the counters.
    http.get('/api/admin/apps', ({ request }) => {
      const params = Object.fromEntries(queryOf(request));
      if (params.cursor === undefined && (params.limit === undefined || params.page !== undefined))
        return HttpResponse.json(adminAppListing(db, AdminAppListQuery.parse(params)));
      const query = AdminAppCursorQuery.parse(params);
      const limit = query.limit ?? 25;
      const rows = awaitingReviewFirst(adminAppListing(db, { ...query, limit }) as AdminAppRow[]);
      const from = Number(query.cursor ?? 0);
      const counters = Object.fromEntries(
        (['marketplace', 'internal'] as const).map((t) => [
          t,
          Object.fromEntries(
            APP_STATUSES.map((s) => [s, db.filter((a) => matchesAppType(a, t) && appStatusOf(a) === s).length]),
          ),
        ]),
      ) as AdminAppCounters;
      const body: Omit<AdminAppCursorPage, 'items'> & { items: AdminAppRow[] } = {
        items: rows.slice(from, from + limit),
        next_cursor: from + limit < rows.length ? String(from + limit) : null,
        limit,
        ...adminAppCountsFor(counters, query),
      };
      return HttpResponse.json(body);
    }),
    http.post<{ id: string }>('/api/admin/apps/:id/approve', ({ params }) => {
      const app = find(params.id);
      if (!app) return fail(404, 'App not found');
      if (app.is_approved) return fail(409, 'App is already approved');
      app.is_approved = true;
      return HttpResponse.json({ message: 'App approved and published to marketplace!', app });
    }),
    http.post<{ id: string }>('/api/admin/apps/:id/suspend', ({ params }) => {
      const app = find(params.id);
      if (!app) return fail(404, 'App not found');
      if (!app.is_approved) return fail(409, 'App is not approved');
      app.is_approved = false;
      app.is_suspended = true;
      return HttpResponse.json({ message: 'App suspended', app });
    }),
    http.delete<{ id: string }>('/api/admin/apps/:id/delete', ({ params }) => {
      const i = db.findIndex((a) => a.id === params.id);
      if (i < 0) return fail(404, 'App not found');
      db.splice(i, 1);
      return HttpResponse.json({ message: 'App deleted' });
    }),
    // Pending manual licences (every app) and the admin's completion: once, then 409.
    // One page (`limit`, default 100; the cursor here: the offset) with the counts of every pending one.
    http.get('/api/admin/manual-licences', ({ request }) => {
      const params = queryOf(request);
      const limit = Number(params.get('limit') ?? 100);
      const from = Number(params.get('cursor') ?? 0);
      return HttpResponse.json({
        licences: manual.slice(from, from + limit),
        overdue_count: manual.filter((l) => l.overdue).length,
        pending_count: manual.length,
        overdue_hours: 24,
        next_cursor: from + limit < manual.length ? String(from + limit) : null,
      });
    }),
    http.post<{ id: string }>('/api/admin/purchases/:id/complete-licence', async ({ request, params }) => {
      const i = manual.findIndex((l) => l.purchase_id === params.id);
      if (i < 0) return fail(409, MANUAL_LICENCE_DONE);
      manual.splice(i, 1);
      const body = (await bodyOf(request)) as CompleteManualLicenceInput;
      completed.push({ id: params.id ?? '', body });
      return HttpResponse.json({
        message: 'License completed: the buyer has been emailed',
        purchase_id: params.id,
        license_status: body.license_key ? 'assigned' : 'active',
        license_key: body.license_key ?? null,
      });
    }),
    // The review panel's permissions: none declared.
    http.get('/api/apps/:id/data-access', () => HttpResponse.json({ catalogue_synced: true, declaration: null })),
    // One page (`limit`, default 100; the cursor here: the offset), the next named by X-Next-Cursor.
    http.get<{ id: string }>('/api/admin/apps/:id/purchases', ({ params, request }) => {
      const list = opts.purchases?.[params.id ?? ''];
      if (!list) return fail(501, 'Not implemented');
      return offsetPage(request, list, 100);
    }),
  ];
  return { handlers, db, manual, completed };
}
