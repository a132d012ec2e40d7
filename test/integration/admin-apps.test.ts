/**
 * Admin App Management and the review lifecycle over HTTP (spec sections 2, 4, 7, 8): the list of
 * every app with its developer, Approve (publishes a public app; 409 when already approved),
 * Suspend (takes it off the marketplace; 409 when not approved), Delete, the developer's mails,
 * and edits of a listed app (saved at once, shown publicly once reviewed: app-review.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { MSG } from '@shared/messages';
import {
  type AdminApp,
  AdminAppListSchema,
  APP_MESSAGES,
  type AppCard,
  type OwnerApp,
  type OwnerAppSummary,
} from '@shared/schemas/apps';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  approvalMailSubject,
  approvalMailSubjectOther,
  suspensionMailSubject,
} from '../../functions/core/apps/app-mails';
import { adminToken, api, type Developer as Dev, type JsonBody, mailsWithSubject, newDeveloper } from '../support/api';
import { must } from '../support/must';

const run = randomUUID().slice(0, 8);
let admin: string;
let dev: Dev;

beforeAll(async () => {
  [admin, dev] = await Promise.all([adminToken(), newDeveloper()]);
});

const asAdmin = <T = JsonBody>(method: string, path: string, body?: unknown) =>
  api<T>(method, path, { token: admin, body });

function submitPayload(name: string, over: Record<string, unknown> = {}) {
  return {
    name,
    tagline: 'Reviewed with care',
    short_description: 'An app that goes through review.',
    category: 'Communication',
    tags: 'review, lifecycle',
    website_url: 'https://review.example.com',
    icon_url: 'https://cdn.example.com/review.png',
    key_features: ['Reminders', 'Two-way texting'],
    pricing_model: 'one_time',
    price: 99,
    company_name: 'Review Co',
    licensing_type: 'manual',
    licensing_instructions: 'We will e-mail your access details.',
    metadata: {},
    ...over,
  };
}
async function submitted(label: string) {
  const res = await api<OwnerApp>('POST', '/api/apps/submit', {
    token: dev.token,
    body: submitPayload(`Rev ${run} ${label}`),
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  return res.body;
}
const marketIds = async () => (await api<AppCard[]>('GET', `/api/marketplace/apps?q=${run}`)).body.map((a) => a.id);

/** The first mail to `email` with this subject (waiting up to 3 s), or undefined. */
const mailWithSubject = async (email: string, subject: string) => (await mailsWithSubject(email, subject))[0];

describe('GET /api/admin/apps', () => {
  it('lists apps of every type with category, pricing, developer e-mail, status and sales placeholders', async () => {
    const pub = await submitted('listed');
    const internal = (
      await api('POST', '/api/apps', { token: dev.token, body: { name: `Rev ${run} int`, type: 'internal' } })
    ).body;
    const res = await asAdmin('GET', '/api/admin/apps');
    expect(res.status).toBe(200);
    const apps = AdminAppListSchema.parse(res.body);
    const a = apps.find((x) => x.id === pub.id);
    expect(a).toMatchObject({
      type: 'public',
      category: 'Communication',
      pricing_model: 'one_time',
      price: 99,
      user_email: dev.email,
      user_id: dev.id,
      is_approved: false,
      status: 'Pending Review',
      purchases: 0,
      total_sales: 0,
      total_revenue: 0,
    });
    expect(apps.find((x) => x.id === internal.id)).toMatchObject({
      type: 'internal',
      user_email: dev.email,
      purchases: null,
      total_sales: null,
      total_revenue: null,
    });
    // The plain array is capped (100), off the marketplace newest first, then the marketplace A-Z.
    expect(apps.length).toBeLessThanOrEqual(100);
    const off = apps.filter((x) => x.status !== 'Published');
    for (let i = 1; i < off.length; i++) expect(must(off[i - 1]).created_at >= must(off[i]).created_at).toBe(true);
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(apps.length);
    const published = AdminAppListSchema.parse((await asAdmin('GET', '/api/admin/apps?status=Published')).body);
    expect(published.length).toBeGreaterThan(0);
    const demo = AdminAppListSchema.parse((await asAdmin('GET', '/api/admin/apps?status=Published&q=ChartSmile')).body);
    expect(demo.some((x) => x.id.startsWith('demo-app-'))).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain('We will e-mail your access details.');
  });
});

describe('review lifecycle', () => {
  it('approve publishes, suspend removes, each only once; the developer is mailed both times', async () => {
    const app = await submitted('cycle');
    expect(await marketIds()).not.toContain(app.id);

    const approved = await asAdmin('POST', `/api/admin/apps/${app.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      message: MSG.appApproved,
      app: { id: app.id, is_approved: true, status: 'Published', user_email: dev.email },
    });
    expect(await marketIds()).toContain(app.id);
    expect((await api('GET', `/api/marketplace/apps/by-slug/${app.slug}`)).status).toBe(200);
    const owner = await api('GET', `/api/apps/${app.id}`, { token: dev.token });
    expect(owner.body).toMatchObject({ status: 'Published', is_approved: true });

    const twice = await asAdmin('POST', `/api/admin/apps/${app.id}/approve`);
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ detail: 'App is already approved' });

    const live = await mailWithSubject(dev.email, `Your app ${app.name} is live on the marketplace`);
    expect(live?.text).toContain(`/marketplace/app/${app.slug}`);

    const suspended = await asAdmin<{ app: AdminApp }>('POST', `/api/admin/apps/${app.id}/suspend`, {
      reason: 'Broken support link',
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body).toMatchObject({
      message: MSG.appSuspended,
      app: { id: app.id, is_approved: false, is_suspended: true, status: 'Suspended' },
    });
    // The developer sees the same status, with the admin's reason.
    const own = (await api<OwnerAppSummary[]>('GET', '/api/apps', { token: dev.token })).body.find(
      (a) => a.id === app.id,
    );
    expect(own).toMatchObject({ status: 'Suspended', suspension_reason: 'Broken support link' });
    expect(suspended.body.app.suspended_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await marketIds()).not.toContain(app.id);
    expect((await api('GET', `/api/marketplace/apps/by-slug/${app.slug}`)).status).toBe(404);

    const again = await asAdmin('POST', `/api/admin/apps/${app.id}/suspend`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'App is not approved' });

    const mail = await mailWithSubject(dev.email, suspensionMailSubject(app.name));
    expect(mail?.text).toContain('Reason: Broken support link');

    // Approving again publishes it again and clears the suspension.
    const back = await asAdmin('POST', `/api/admin/apps/${app.id}/approve`);
    expect(back.body.app).toMatchObject({ is_suspended: false, suspended_at: null, status: 'Published' });
    const ownAfter = (await api<OwnerAppSummary[]>('GET', '/api/apps', { token: dev.token })).body.find(
      (a) => a.id === app.id,
    );
    expect(ownAfter).toMatchObject({ status: 'Published', suspension_reason: null });
    expect(await marketIds()).toContain(app.id);
  });

  it('approves other app types as Active (not on the marketplace) and mails a plain approval', async () => {
    const partner = (
      await api<OwnerApp>('POST', '/api/apps', {
        token: dev.token,
        body: { name: `Rev ${run} partner`, type: 'partner' },
      })
    ).body;
    const res = await asAdmin('POST', `/api/admin/apps/${partner.id}/approve`);
    expect(res.status).toBe(200);
    expect(res.body.app).toMatchObject({ status: 'Active', is_approved: true, type: 'partner' });
    expect(await marketIds()).not.toContain(partner.id);
    expect(await mailWithSubject(dev.email, approvalMailSubjectOther(partner.name))).toBeDefined();
    expect(approvalMailSubject('X')).toBe('Your app X is live on the marketplace');
  });

  it('refuses to publish a quick-created public app that has no category yet', async () => {
    const bare = (
      await api('POST', '/api/apps', { token: dev.token, body: { name: `Rev ${run} bare`, type: 'public' } })
    ).body;
    const res = await asAdmin('POST', `/api/admin/apps/${bare.id}/approve`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: APP_MESSAGES.incompleteListing });
  });

  it('saves a developer’s edits to a listed app at once, keeping it listed on its reviewed values', async () => {
    const app = await submitted('edit-live');
    await asAdmin('POST', `/api/admin/apps/${app.id}/approve`);
    const edit = await api('PUT', `/api/apps/${app.id}/update`, {
      token: dev.token,
      body: submitPayload(app.name, { tagline: 'Fresh tagline', price: 79.5 }),
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ status: 'Published', is_approved: true, tagline: 'Fresh tagline' });
    const detail = await api('GET', `/api/marketplace/apps/by-slug/${app.slug}`);
    expect(detail.body).toMatchObject({ tagline: 'Reviewed with care' });
    expect(await marketIds()).toContain(app.id);
  });

  it('answers 404 for an unknown app on approve, suspend and delete', async () => {
    for (const [method, path] of [
      ['POST', 'approve'],
      ['POST', 'suspend'],
      ['DELETE', 'delete'],
    ] as const) {
      const res = await asAdmin(method, `/api/admin/apps/missing-${run}/${path}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'App not found' });
    }
  });
});

describe('DELETE /api/admin/apps/{id}/delete', () => {
  it('removes a listed app from the marketplace, the developer and the admin list; its slug is free again', async () => {
    const app = await submitted('doomed');
    await asAdmin('POST', `/api/admin/apps/${app.id}/approve`);
    expect(await marketIds()).toContain(app.id);

    const res = await asAdmin('DELETE', `/api/admin/apps/${app.id}/delete`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.appDeleted });
    expect(await marketIds()).not.toContain(app.id);
    expect((await api('GET', `/api/apps/${app.id}`, { token: dev.token })).status).toBe(404);
    const list = (await asAdmin<AdminApp[]>('GET', '/api/admin/apps')).body;
    expect(list.map((a) => a.id)).not.toContain(app.id);
    expect((await submitted('doomed')).slug).toBe(app.slug);
  });
});
