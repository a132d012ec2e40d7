import type { PermissionsDeclaration } from '@shared/schemas/permissions';
import { type AppRecord, MATERIAL_FIELDS } from './app';

/*
 * The reads of the reviewed values (core/apps/review.ts has the rules that keep them), on their
 * own: the storefront's and checkout's bundles carry these few lines, not the review rules.
 */

/**
 * The app as it was last reviewed: the live app with the reviewed values of its material fields
 * while a change waits, else the app itself. THE function every public reader (listing, app page,
 * storefront, sitemap), checkout and licence delivery take an app's listing and licensing from.
 */
export function reviewedView<T extends Partial<AppRecord>>(app: T): T {
  const snapshot = app.reviewed?.listing;
  if (!snapshot) return app;
  const out: Record<string, unknown> = { ...app };
  for (const f of MATERIAL_FIELDS) {
    const v = snapshot[f];
    // An absent reviewed value was empty: a list reads as [], the price as 0.
    out[f] = v !== undefined ? v : Array.isArray(app[f]) ? [] : f === 'price_cents' ? 0 : undefined;
  }
  return out as T;
}

/**
 * The app's permissions declaration as last reviewed: the one kept in the snapshot while a
 * declaration change waits, else `current` (the stored declaration). Public readers and the
 * permissions a practice is asked for read it through here.
 */
export function reviewedDeclaration(
  app: Pick<AppRecord, 'reviewed'>,
  current: PermissionsDeclaration | null | undefined,
): PermissionsDeclaration | null {
  const kept = app.reviewed?.data_access;
  return kept !== undefined ? kept : (current ?? null);
}
