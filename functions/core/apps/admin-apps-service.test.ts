import { describe, expect, it } from 'vitest';
import type { User } from '../users/user';
import { createAdminAppsService } from './admin-apps-service';
import type { AppRecord } from './app';
import type { KeyPoolPort } from './key-pool';

const app = (id: string, over: Partial<AppRecord> = {}): AppRecord => ({
  id,
  slug: `${id}-slug`,
  name: `App ${id}`,
  type: 'public',
  user_id: 'u1',
  category: 'Marketing',
  category_slug: 'marketing',
  tags: [],
  screenshots: [],
  key_features: [],
  use_cases: [],
  integrations: [],
  price_cents: 500,
  unique_selling_points: [],
  customer_testimonials: [],
  universal_access_code: 'SECRET',
  average_rating: 0,
  installations: 0,
  is_approved: false,
  is_suspended: false,
  created_at: `2025-01-0${id.length}T00:00:00.000Z`,
  updated_at: '',
  version: 1,
  ...over,
});
const owner: User = {
  id: 'u1',
  email: 'dev@example.com',
  full_name: 'Dana Dev',
  company_name: 'Co',
  website: null,
  role: 'developer',
  is_approved: true,
  created_at: '',
  auth_provider: 'password',
  email_verified: true,
  token_version: 0,
  invited: false,
  linked_emails: [],
};

function setup(opts: { mailFails?: boolean } = {}) {
  const apps = new Map<string, AppRecord>([
    ['a', app('a')],
    ['bb', app('bb', { type: 'internal', is_approved: true })],
  ]);
  const mails: Array<{ to: string | string[]; subject: string; text: string }> = [];
  const noPool = { deleteAll: async () => undefined } as unknown as KeyPoolPort;
  const service = createAdminAppsService({
    webhooks: { listByApp: async () => [], delete: async () => true },
    apps: {
      getById: async (id) => apps.get(id),
      // One page of everything (the repository's paging is tested against DynamoDB Local).
      pageAdmin: async () => ({ items: [...apps.values()], next_cursor: null }),
      listByOwner: async () => [],
      save: async (_p, next) => {
        const stored = { ...next, version: next.version + 1 };
        apps.set(next.id, stored);
        return stored;
      },
      delete: async (a) => void apps.delete(a.id),
    },
    users: { findById: async (id) => (id === 'u1' ? owner : undefined) },
    keyPool: noPool,
    uploads: {
      store: { put: async () => {}, list: async () => [], deleteKeys: async () => {}, markReferenced: async () => {} },
    },
    mailer: {
      sendMail: async (m) => {
        if (opts.mailFails) throw new Error('SES down');
        mails.push(m);
      },
    },
    appUrl: 'https://shop.example.com/',
    now: () => '2025-06-01T00:00:00.000Z',
  });
  return { service, apps, mails };
}

describe('admin apps service', () => {
  it('lists every app with its developer, status and sales only for public apps, without secrets', async () => {
    const { service } = setup();
    const list = (await service.window({ type: 'all' }, 100)).items;
    expect(list.map((a) => [a.id, a.status, a.user_email, a.purchases, a.total_revenue])).toEqual([
      ['a', 'Pending Review', 'dev@example.com', 0, 0],
      ['bb', 'Active', 'dev@example.com', null, null],
    ]);
    expect(JSON.stringify(list)).not.toContain('SECRET');
  });

  it('approves once, suspends once, and mails the developer', async () => {
    const { service, mails } = setup();
    expect(await service.approve('a')).toMatchObject({
      app: { status: 'Published', is_approved: true },
      before: { is_approved: false, is_suspended: false },
    });
    await expect(service.approve('a')).rejects.toMatchObject({ status: 409, message: 'App is already approved' });
    const { app: suspended, before } = await service.suspend('a', 'Spam');
    expect(before).toEqual({ is_approved: true, is_suspended: false, suspension_reason: null });
    expect(suspended).toMatchObject({
      is_approved: false,
      is_suspended: true,
      suspended_at: '2025-06-01T00:00:00.000Z',
    });
    await expect(service.suspend('a')).rejects.toMatchObject({ status: 409, message: 'App is not approved' });
    expect(mails.map((m) => m.subject)).toEqual([
      'Your app App a is live on the marketplace',
      'Your app App a has been suspended',
    ]);
    expect(mails[0]?.text).toContain('https://shop.example.com/marketplace/app/a-slug');
    expect(mails[1]?.text).toContain('Reason: Spam');
    // Approving the suspended app again: the state before is the stored one (issue 30 row 6).
    expect((await service.approve('a')).before).toEqual({
      is_approved: false,
      is_suspended: true,
      suspension_reason: 'Spam',
    });
    await expect(service.approve('missing')).rejects.toMatchObject({ status: 404, message: 'App not found' });
  });

  it('keeps the decision when the mail fails, and refuses to publish an app without a category', async () => {
    const { service, apps } = setup({ mailFails: true });
    await service.approve('a');
    expect(apps.get('a')?.is_approved).toBe(true);
    apps.set('c', app('c', { category_slug: undefined, category: undefined }));
    await expect(service.approve('c')).rejects.toMatchObject({ status: 409 });
  });
});
