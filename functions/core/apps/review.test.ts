import type { PermissionsDeclaration } from '@shared/schemas/permissions';
import { describe, expect, it } from 'vitest';
import {
  markedReviewed,
  reviewAfterDeclaration,
  reviewAfterEdit,
  reviewChanges,
  reviewedDeclaration,
  reviewedView,
  withdrawnChanges,
} from './review';
import { appRecord } from './testing';

const approved = appRecord({
  id: 'a1',
  name: 'Perio Notes',
  company_name: 'Perio Labs',
  icon_url: 'https://shop.example.com/uploads/apps/a1/icon.png',
  screenshots: ['https://shop.example.com/uploads/apps/a1/s1.png'],
  category: 'Clinical',
  category_slug: 'clinical',
  price_cents: 4900,
  pricing_model: 'one_time',
  licensing_type: 'webhook',
  webhook_license_url: 'https://perio.example/licences?token=s3cret',
});
const AT = '2026-11-28T05:00:00.000Z';

function edited(over: Partial<typeof approved>) {
  const next = { ...approved, ...over };
  return { ...next, ...reviewAfterEdit(approved, next, AT) };
}

describe('material edits of an approved app wait for review', () => {
  it('keeps the reviewed values for the public and flags every changed field with a diff', () => {
    const app = edited({
      name: 'Dentsply Sirona Official',
      company_name: 'Dentsply Sirona',
      icon_url: 'https://evil.example/icon.png',
      key_features: ['HIPAA certified', 'FDA approved'],
      category: 'Billing',
      category_slug: 'billing',
      price_cents: 9900,
      webhook_license_url: 'https://evil.example/hook',
    });
    expect(app.review_flag).toEqual({
      fields: ['name', 'category', 'icon_url', 'key_features', 'price', 'company_name', 'webhook_license_url'],
      flagged_at: AT,
    });
    const shown = reviewedView(app);
    expect(shown).toMatchObject({
      name: 'Perio Notes',
      company_name: 'Perio Labs',
      icon_url: approved.icon_url,
      key_features: [],
      category_slug: 'clinical',
      price_cents: 4900,
      webhook_license_url: approved.webhook_license_url,
    });
    const changes = reviewChanges(app);
    expect(changes.find((c) => c.field === 'name')).toEqual({
      field: 'name',
      before: 'Perio Notes',
      after: 'Dentsply Sirona Official',
    });
    expect(changes.find((c) => c.field === 'price')).toEqual({ field: 'price', before: 49, after: 99 });
    // The licence endpoint is reviewed by its host; a token in it is not shown.
    expect(changes.find((c) => c.field === 'webhook_license_url')).toEqual({
      field: 'webhook_license_url',
      before: 'https://perio.example/…',
      after: 'https://evil.example/…',
    });
    expect(changes.filter((c) => c.field === 'category')).toHaveLength(1);
  });

  it('adds later changes to the same snapshot and clears everything when edited back', () => {
    const first = edited({ name: 'Renamed' });
    const second = { ...first, tagline: 'New tagline' };
    const after = { ...second, ...reviewAfterEdit(first, second, AT) };
    expect(after.review_flag?.fields).toEqual(['name', 'tagline']);
    expect(after.reviewed?.listing.name).toBe('Perio Notes');
    const back = { ...after, name: 'Perio Notes', tagline: undefined };
    expect(reviewAfterEdit(after, back, AT)).toEqual({ review_flag: undefined, reviewed: undefined });
  });

  it('does not flag apps that are not approved, nor edits of non-material fields', () => {
    const pending = { ...approved, is_approved: false };
    expect(reviewAfterEdit(pending, { ...pending, name: 'X' }, AT)).toEqual({
      review_flag: undefined,
      reviewed: undefined,
    });
    expect(edited({ updated_at: AT }).review_flag).toBeUndefined();
  });

  it('withdraws to the reviewed values, or makes the new ones the reviewed ones', () => {
    const app = edited({ name: 'Renamed', screenshots: [] });
    expect(withdrawnChanges(app)).toMatchObject({ name: 'Perio Notes', screenshots: approved.screenshots });
    expect(withdrawnChanges(app).reviewed).toBeUndefined();
    const accepted = markedReviewed(app);
    expect(reviewedView(accepted).name).toBe('Renamed');
    expect(accepted.review_flag).toBeUndefined();
  });
});

describe('permissions declarations of an approved app', () => {
  const decl = (features: string[], baa = false): PermissionsDeclaration => ({
    features: features.map((id) => ({ id, name: id, description: '', access: 'read', tables: [] })),
    event_types: [],
    baa_signed: baa,
    baa_url: null,
    updated_at: AT,
  });

  it('keeps the reviewed declaration until reviewed and shows the diff', () => {
    const before = decl(['charts']);
    const after = decl(['charts', 'billing'], true);
    const app = { ...approved, ...reviewAfterDeclaration(approved, before, after, AT) };
    expect(app.review_flag?.fields).toEqual(['data_access']);
    expect(reviewedDeclaration(app, after)).toEqual(before);
    expect(reviewChanges(app)).toEqual([
      {
        field: 'data_access',
        before: { features: ['charts (read)'], event_types: [], baa_signed: false, baa_url: null },
        after: { features: ['charts (read)', 'billing (read)'], event_types: [], baa_signed: true, baa_url: null },
      },
    ]);
    // A later listing edit keeps the waiting declaration change.
    const next = { ...app, name: 'Renamed' };
    const both = { ...next, ...reviewAfterEdit(app, next, AT) };
    expect(both.review_flag?.fields).toEqual(['name', 'data_access']);
    expect(reviewedDeclaration(both, after)).toEqual(before);
    // Declaring the reviewed one again leaves only the name waiting.
    const undone = { ...both, ...reviewAfterDeclaration(both, after, { ...before, updated_at: 'later' }, AT) };
    expect(undone.review_flag?.fields).toEqual(['name']);
    expect(reviewedDeclaration(undone, after)).toEqual(after);
  });

  it('a first declaration of an approved app waits too (the reviewed one is none)', () => {
    const app = { ...approved, ...reviewAfterDeclaration(approved, null, decl(['charts']), AT) };
    expect(reviewedDeclaration(app, decl(['charts']))).toBeNull();
  });
});
