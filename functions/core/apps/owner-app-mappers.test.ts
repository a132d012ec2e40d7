import { AdminAppSchema, OwnerAppSchema, OwnerAppSummarySchema } from '@shared/schemas/apps';
import { describe, expect, it } from 'vitest';
import type { AppRecord } from './app';
import { appStatus, toAdminApp, toOwnerAppDetail, toOwnerAppSummary } from './owner-app-mappers';

const app: AppRecord = {
  id: 'a1',
  slug: 'smile',
  name: 'Smile',
  type: 'public',
  user_id: 'u1',
  tags: ['x', 'y'],
  screenshots: [],
  key_features: [],
  use_cases: [],
  integrations: [],
  price_cents: 1250,
  unique_selling_points: [],
  customer_testimonials: [],
  licensing_type: 'key_pool',
  universal_access_code: 'SECRET-CODE',
  licensing_instructions: 'SECRET-INSTRUCTIONS',
  webhook_license_url: 'https://secret.example.com',
  average_rating: 0,
  installations: 0,
  is_approved: false,
  is_suspended: true,
  suspended_at: '2025-02-02T00:00:00.000Z',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-02T00:00:00.000Z',
  version: 3,
};
const SECRETS = ['SECRET-CODE', 'SECRET-INSTRUCTIONS', 'secret.example.com', 'POOL-KEY'];

describe('owner and admin app views', () => {
  it('derive the review status of section 4', () => {
    expect(appStatus({ type: 'public', is_approved: false })).toBe('Pending Review');
    expect(appStatus({ type: 'public', is_approved: true })).toBe('Published');
    expect(appStatus({ type: 'internal', is_approved: true })).toBe('Active');
    // One rule everywhere: an internal app waits for approval like any other; suspension wins.
    expect(appStatus({ type: 'internal', is_approved: false })).toBe('Pending Review');
    expect(appStatus({ type: 'public', is_approved: false, is_suspended: true })).toBe('Suspended');
  });

  it('show licensing material only in the owner edit view', () => {
    const detail = OwnerAppSchema.strict().parse(
      toOwnerAppDetail(app, [
        { key: 'POOL-KEY-1', status: 'assigned' },
        { key: 'POOL-KEY-2', status: 'available' },
      ]),
    );
    expect(detail).toMatchObject({
      universal_access_code: 'SECRET-CODE',
      license_keys: ['POOL-KEY-1', 'POOL-KEY-2'],
      license_key_pool: { available: 1, assigned: 1 },
      suspended_at: '2025-02-02T00:00:00.000Z',
      tags: 'x, y',
      price: 12.5,
    });
    const summary = OwnerAppSummarySchema.strict().parse(toOwnerAppSummary(app));
    const admin = AdminAppSchema.strict().parse(toAdminApp(app, 'dev@example.com'));
    for (const view of [summary, admin]) {
      const text = JSON.stringify(view);
      for (const s of SECRETS) expect(text).not.toContain(s);
    }
    expect(admin).toMatchObject({ user_email: 'dev@example.com', purchases: 0, total_sales: 0, total_revenue: 0 });
    expect(toAdminApp({ ...app, type: 'partner' }, undefined)).toMatchObject({ user_email: null, purchases: null });
  });
});
