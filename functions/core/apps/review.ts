import type { PermissionsDeclaration } from '@shared/schemas/permissions';
import { type AppRecord, MATERIAL_FIELDS, type MaterialField, type ReviewedSnapshot, type ReviewFlag } from './app';
import { reviewedView } from './reviewed-view';

export { reviewedDeclaration, reviewedView } from './reviewed-view';

/**
 * What the admin approved does not change without review (issue 30, row 1). An edit of an approved
 * app that changes a material field (MATERIAL_FIELDS: every field the public page shows, the
 * licensing set-up, the publisher) or its permissions declaration keeps the values last reviewed in
 * `reviewed` on the app item (so a public read stays one GetItem) and flags the app with the fields
 * that differ. Public readers, checkout and licence delivery take the app through reviewedView, so
 * they keep the reviewed values until the admin marks the change reviewed (the live values become
 * the reviewed ones) or the developer withdraws it (the reviewed values come back).
 */

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const norm = (v: unknown) => (isEmpty(v) ? null : v);
const same = (a: unknown, b: unknown) => JSON.stringify(norm(a)) === JSON.stringify(norm(b));

/** The label admins read for a field (price_cents is the price; the category slug is the category). */
export const materialLabel = (f: MaterialField | 'data_access'): string =>
  f === 'price_cents' ? 'price' : f === 'category_slug' ? 'category' : f;

/** The material values of an app, empty ones left out (what a snapshot keeps). */
export function materialOf(app: AppRecord): ReviewedSnapshot['listing'] {
  const out: Record<string, unknown> = {};
  for (const f of MATERIAL_FIELDS) {
    const v = app[f];
    if (!isEmpty(v)) out[f] = Array.isArray(v) ? [...v] : v;
  }
  return out as ReviewedSnapshot['listing'];
}

/** What a declaration says, as the admin reads it in the diff. */
const described = (d: PermissionsDeclaration | null | undefined) =>
  d
    ? {
        features: d.features.map((f) => `${f.name} (${f.access})`),
        event_types: d.event_types.map((e) => e.id),
        baa_signed: d.baa_signed,
        baa_url: d.baa_url ?? null,
      }
    : null;

/** What a declaration says, without when it was said. */
const declared = (d: PermissionsDeclaration | null | undefined) =>
  d
    ? {
        features: d.features.map((f) => [f.id, f.access]),
        event_types: d.event_types.map((e) => e.id),
        baa_signed: d.baa_signed,
        baa_url: d.baa_url ?? null,
      }
    : null;
const sameDeclaration = (a: PermissionsDeclaration | null | undefined, b: PermissionsDeclaration | null | undefined) =>
  JSON.stringify(declared(a)) === JSON.stringify(declared(b));

/** The material fields of `app` that differ from the snapshot's values. */
function changedFields(snapshot: ReviewedSnapshot, app: AppRecord): MaterialField[] {
  return MATERIAL_FIELDS.filter((f) => !same(snapshot.listing[f], app[f]));
}

/** The flag and snapshot an app carries when `snapshot` holds its reviewed values (none when nothing differs). */
function settle(
  app: AppRecord,
  snapshot: ReviewedSnapshot,
  permissionsChanged: boolean,
  at: string,
): Pick<AppRecord, 'review_flag' | 'reviewed'> {
  const fields = [
    ...new Set([...changedFields(snapshot, app).map(materialLabel), ...(permissionsChanged ? ['data_access'] : [])]),
  ];
  if (fields.length === 0) return { review_flag: undefined, reviewed: undefined };
  const kept: ReviewedSnapshot = { listing: snapshot.listing, taken_at: snapshot.taken_at };
  if (permissionsChanged) {
    kept.data_access = snapshot.data_access ?? null;
    kept.data_access_now = snapshot.data_access_now ?? null;
  }
  const previous = app.review_flag;
  const unchanged = previous && JSON.stringify(previous.fields) === JSON.stringify(fields);
  const review_flag: ReviewFlag = { fields, flagged_at: unchanged ? previous.flagged_at : at };
  return { review_flag, reviewed: kept };
}

/**
 * The review state an edit from `previous` to `next` leaves: for an approved app, the reviewed
 * values kept (taken from `previous` at the first waiting change) and the fields that now differ
 * from them; an edit back to the reviewed values clears both. Apps not approved carry none.
 */
export function reviewAfterEdit(
  previous: AppRecord,
  next: AppRecord,
  at: string,
): Pick<AppRecord, 'review_flag' | 'reviewed'> {
  if (!previous.is_approved) return { review_flag: previous.review_flag, reviewed: previous.reviewed };
  const snapshot = previous.reviewed ?? { listing: materialOf(previous), taken_at: at };
  return settle({ ...next, review_flag: previous.review_flag }, snapshot, snapshot.data_access !== undefined, at);
}

/**
 * The review state after the owner declares `after` in place of `before` (the stored declaration):
 * an approved app keeps the reviewed declaration while it differs from the live one.
 */
export function reviewAfterDeclaration(
  app: AppRecord,
  before: PermissionsDeclaration | null,
  after: PermissionsDeclaration | null,
  at: string,
): Pick<AppRecord, 'review_flag' | 'reviewed'> {
  if (!app.is_approved) return { review_flag: app.review_flag, reviewed: app.reviewed };
  const snapshot: ReviewedSnapshot = app.reviewed ?? { listing: materialOf(app), taken_at: at };
  const reviewedDecl = snapshot.data_access !== undefined ? snapshot.data_access : before;
  const changed = !sameDeclaration(reviewedDecl, after);
  return settle(app, { ...snapshot, data_access: reviewedDecl, data_access_now: after }, changed, at);
}

/** The app with its waiting changes undone: the reviewed values back, no flag, no snapshot. */
export function withdrawnChanges(app: AppRecord): AppRecord {
  const restored = reviewedView(app);
  return { ...restored, review_flag: undefined, reviewed: undefined };
}

/** The app with its waiting changes accepted: the live values are now the reviewed ones. */
export function markedReviewed(app: AppRecord): AppRecord {
  return { ...app, review_flag: undefined, reviewed: undefined };
}

/** One line of the before/after diff App Management shows. */
export interface ReviewChange {
  field: string;
  before: unknown;
  after: unknown;
}

const HIDDEN = '(hidden)';

/** A value as the admin reads it in the diff: dollars for the price; licence secrets masked. */
function shown(f: MaterialField, v: unknown): unknown {
  if (isEmpty(v)) return null;
  if (f === 'price_cents') return Math.round(Number(v)) / 100;
  if (f === 'universal_access_code') return HIDDEN;
  if (f === 'webhook_license_url') {
    // The licence endpoint may carry a token in its path or query: the host is what is reviewed.
    try {
      const url = new URL(String(v));
      return `${url.protocol}//${url.host}/…`;
    } catch {
      return HIDDEN;
    }
  }
  return v;
}

/**
 * The before/after diff of a flagged app: each material field that differs from the reviewed
 * value (the category once, by its name), and the permissions declaration.
 */
export function reviewChanges(app: AppRecord): ReviewChange[] {
  const snapshot = app.reviewed;
  if (!snapshot) return [];
  const out: ReviewChange[] = [];
  const changed = changedFields(snapshot, app);
  for (const f of changed) {
    if (f === 'category_slug' && changed.includes('category')) continue;
    const field = f === 'category_slug' ? 'category' : f;
    let before = shown(field, snapshot.listing[field]);
    let after = shown(field, app[field]);
    if (f === 'universal_access_code') {
      before = isEmpty(snapshot.listing[f]) ? null : HIDDEN;
      after = isEmpty(app[f]) ? null : `${HIDDEN} (changed)`;
    }
    out.push({ field: materialLabel(field), before, after });
  }
  if (snapshot.data_access !== undefined && !sameDeclaration(snapshot.data_access, snapshot.data_access_now)) {
    out.push({
      field: 'data_access',
      before: described(snapshot.data_access),
      after: described(snapshot.data_access_now),
    });
  }
  return out;
}

/**
 * An app's material fields and review state as the audit trail keeps them (only changed ones are
 * stored): the licence webhook by its host (its path may hold a token); the universal code is a
 * secret field the trail redacts.
 */
export function auditedListing(app: AppRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of MATERIAL_FIELDS) out[f] = f === 'webhook_license_url' ? shown(f, app[f]) : (app[f] ?? null);
  out.review_flag = app.review_flag?.fields ?? null;
  return out;
}
