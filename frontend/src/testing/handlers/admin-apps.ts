import { APP_STATUSES, appStatusOf } from '../../../../shared/app-status';
import {
  type AdminAppTypeFilter,
  awaitingReviewFirst,
  matchesAppSearch,
  matchesAppType,
  pageOf,
} from '../../../../shared/schemas/admin-lists';
import {
  type CompleteManualLicenceInput,
  MANUAL_LICENCE_DONE,
  type ManualLicence,
} from '../../../../shared/schemas/manual-licences';
import type { AdminAppRow, AdminPurchase } from '../../features/admin-apps/types';
import { fail, type Handlers, ok } from '../fake-server';

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
  const handlers: Handlers = {
    // The server's search, filters and paging (shared/schemas/admin-lists.ts): a page object with `page`.
    'GET /api/admin/apps': (req) => {
      const q = req.query.get('q') ?? '';
      const status = req.query.get('status');
      const type = (req.query.get('type') ?? 'all') as AdminAppTypeFilter;
      const searched = db.filter((a) => matchesAppSearch(a, q));
      const ofStatus = (a: AdminAppRow) => !status || appStatusOf(a) === status;
      const shown = searched.filter((a) => ofStatus(a) && matchesAppType(a, type));
      const page = req.query.get('page');
      if (!page) return ok(shown);
      const { rows, ...paging } = pageOf(
        awaitingReviewFirst(shown),
        Number(page),
        Number(req.query.get('limit') ?? 25),
      );
      const byStatus = searched.filter(ofStatus);
      const ofType = searched.filter((a) => matchesAppType(a, type));
      return ok({
        apps: rows,
        ...paging,
        counts: {
          all: byStatus.length,
          marketplace: byStatus.filter((a) => matchesAppType(a, 'marketplace')).length,
          internal: byStatus.filter((a) => matchesAppType(a, 'internal')).length,
        },
        status_counts: Object.fromEntries(
          APP_STATUSES.map((s) => [s, ofType.filter((a) => appStatusOf(a) === s).length]),
        ),
      });
    },
    'POST /api/admin/apps/:id/approve': (req) => {
      const app = find(req.params.id);
      if (!app) return fail(404, 'App not found');
      if (app.is_approved) return fail(409, 'App is already approved');
      app.is_approved = true;
      return ok({ message: 'App approved and published to marketplace!', app });
    },
    'POST /api/admin/apps/:id/suspend': (req) => {
      const app = find(req.params.id);
      if (!app) return fail(404, 'App not found');
      if (!app.is_approved) return fail(409, 'App is not approved');
      app.is_approved = false;
      app.is_suspended = true;
      return ok({ message: 'App suspended', app });
    },
    'DELETE /api/admin/apps/:id/delete': (req) => {
      const i = db.findIndex((a) => a.id === req.params.id);
      if (i < 0) return fail(404, 'App not found');
      db.splice(i, 1);
      return ok({ message: 'App deleted' });
    },
    // Pending manual licences (every app) and the admin's completion: once, then 409.
    'GET /api/admin/manual-licences': () =>
      ok({ licences: manual, overdue_count: manual.filter((l) => l.overdue).length, overdue_hours: 24 }),
    'POST /api/admin/purchases/:id/complete-licence': (req) => {
      const i = manual.findIndex((l) => l.purchase_id === req.params.id);
      if (i < 0) return fail(409, MANUAL_LICENCE_DONE);
      manual.splice(i, 1);
      const body = req.body as CompleteManualLicenceInput;
      completed.push({ id: req.params.id ?? '', body });
      return ok({
        message: 'License completed: the buyer has been emailed',
        purchase_id: req.params.id,
        license_status: body.license_key ? 'assigned' : 'active',
        license_key: body.license_key ?? null,
      });
    },
    'GET /api/admin/apps/:id/purchases': (req) => {
      const list = opts.purchases?.[req.params.id ?? ''];
      return list ? ok(list) : fail(501, 'Not implemented');
    },
  };
  return { handlers, db, manual, completed };
}
