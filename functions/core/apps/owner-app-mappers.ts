import { appStatusOf } from '@shared/app-status';
import type { AdminApp, AppStatus, OwnerApp, OwnerAppSummary } from '@shared/schemas/apps';
import type { AppRecord } from './app';
import { toOwnerApp } from './app-mappers';
import { type PoolKey, poolSummary } from './key-pool';
import { reviewChanges } from './review';

/**
 * The developer's and the admin's views of an app. Like app-mappers.ts, every field is listed on
 * purpose: licensing secrets appear only in toOwnerAppDetail, the owner's edit view.
 */

const orNull = (v: string | undefined): string | null => (v === undefined || v === '' ? null : v);

/** The one status of shared/app-status.ts (Suspended, Pending Review, Published or Active). */
export const appStatus = (
  app: Pick<AppRecord, 'type' | 'is_approved'> & Partial<Pick<AppRecord, 'is_suspended'>>,
): AppStatus => appStatusOf(app);

/** GET /api/apps items. */
export function toOwnerAppSummary(app: AppRecord): OwnerAppSummary {
  const suspended = app.is_suspended === true;
  return {
    ...toOwnerApp(app),
    status: appStatus(app),
    suspended_at: suspended ? orNull(app.suspended_at) : null,
    suspension_reason: suspended ? orNull(app.suspension_reason) : null,
    review_pending: app.reviewed ? [...(app.review_flag?.fields ?? [])] : [],
  };
}

/** GET /api/apps/{id}: the edit view, with the licensing material the wizard edits. */
export function toOwnerAppDetail(app: AppRecord, pool: readonly PoolKey[], assignedTotal = 0): OwnerApp {
  return {
    ...toOwnerAppSummary(app),
    universal_access_code: orNull(app.universal_access_code),
    licensing_instructions: orNull(app.licensing_instructions),
    webhook_license_url: orNull(app.webhook_license_url),
    // Lets the developer verify our signed licence calls (created on the first purchase).
    license_webhook_secret: orNull(app.license_webhook_secret),
    license_keys: pool.map((k) => k.key),
    license_key_pool: poolSummary(pool, assignedTotal),
  };
}

/** Sales figures of a public app (checkout fills them in; 0 until then). */
export interface AppSales {
  purchases: number;
  total_sales: number;
  /** Integer cents. */
  total_revenue_cents: number;
  /** Active installs (the app item's counter, kept with the installs' writes). */
  installs?: number;
}

export const NO_SALES: AppSales = { purchases: 0, total_sales: 0, total_revenue_cents: 0 };

/** GET /api/admin/apps items: no licensing secrets; sales only for public apps. */
export function toAdminApp(app: AppRecord, ownerEmail: string | undefined, sales: AppSales = NO_SALES): AdminApp {
  const isPublic = app.type === 'public';
  return {
    ...toOwnerAppSummary(app),
    user_email: ownerEmail ?? null,
    review_flag: app.review_flag
      ? { fields: [...app.review_flag.fields], flagged_at: app.review_flag.flagged_at, changes: reviewChanges(app) }
      : null,
    purchases: isPublic ? sales.purchases : null,
    total_sales: isPublic ? sales.total_sales : null,
    total_revenue: isPublic ? Math.round(sales.total_revenue_cents) / 100 : null,
    installs: isPublic ? (sales.installs ?? 0) : null,
  };
}
