/**
 * Changes of an approved app wait for review (issue 30, row 1): the developer's edit is saved at
 * once, the public keeps the reviewed values; the admin marks the change reviewed (the new values
 * go live) or the developer withdraws it (the reviewed values are the app's again). The attack
 * itself: test/security/approved-app-edits.test.ts.
 */

import { type AdminApp, APP_MESSAGES, type AppCard, type OwnerApp, type PublicApp } from '@shared/schemas/apps';
import type { AuditPage } from '@shared/schemas/audit';
import type { CheckoutSession } from '@shared/schemas/checkout';
import { beforeAll, describe, expect, it } from 'vitest';
import { dynamoPurchasesRepository } from '../../functions/adapters/dynamodb/purchases-repo';
import { adminAppRow, adminToken, api, approvedDeveloper, freeAppPayload, newDeveloper } from '../support/api';

let dev: Awaited<ReturnType<typeof approvedDeveloper>>;
let admin: string;

beforeAll(async () => {
  [dev, admin] = await Promise.all([approvedDeveloper(), adminToken()]);
});

async function approvedApp(label: string): Promise<OwnerApp> {
  const created = await api<OwnerApp>('POST', '/api/apps/submit', {
    token: dev.token,
    body: freeAppPayload(`Review ${label} ${Date.now()}`),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await api('POST', `/api/admin/apps/${created.body.id}/approve`, { token: admin })).status).toBe(200);
  return created.body;
}

const edit = (app: OwnerApp, over: Record<string, unknown>) =>
  api<OwnerApp>('PUT', `/api/apps/${app.id}/update`, { token: dev.token, body: freeAppPayload(app.name, over) });
const shown = async (app: OwnerApp) => (await api<PublicApp>('GET', `/api/marketplace/apps/by-slug/${app.slug}`)).body;
const flagOf = async (id: string) => (await adminAppRow(admin, id))?.review_flag;

describe('mark reviewed', () => {
  it('puts the waiting change live for the admin only, and records it', async () => {
    const app = await approvedApp('mark');
    expect((await edit(app, { name: `${app.name} Pro`, tagline: 'Now with charts' })).status).toBe(200);
    expect(await shown(app)).toMatchObject({ name: app.name, tagline: 'Images for everyone' });
    expect((await flagOf(app.id))?.fields).toEqual(['name', 'tagline']);
    // The owner's list says what waits.
    const mine = async () =>
      (await api<OwnerApp[]>('GET', '/api/apps', { token: dev.token })).body.find((a) => a.id === app.id);
    expect((await mine())?.review_pending).toEqual(['name', 'tagline']);

    expect((await api('POST', `/api/admin/apps/${app.id}/clear-flag`, { token: dev.token })).status).toBe(403);
    const marked = await api<{ app: AdminApp }>('POST', `/api/admin/apps/${app.id}/clear-flag`, { token: admin });
    expect(marked.status).toBe(200);
    expect(marked.body.app.review_flag).toBeNull();

    expect(await shown(app)).toMatchObject({ name: `${app.name} Pro`, tagline: 'Now with charts' });
    expect((await mine())?.review_pending).toEqual([]);
    const listed = await api<AppCard[]>('GET', `/api/marketplace/apps?q=${encodeURIComponent(`${app.name} Pro`)}`);
    expect(listed.body.map((a) => a.name)).toEqual([`${app.name} Pro`]);
    const trail = await api<AuditPage>('GET', `/api/admin/audit?action=app.mark_reviewed&limit=100`, { token: admin });
    expect(trail.body.entries.map((e) => e.target_id)).toContain(app.id);
  });

  it('an unchanged save, or an edit back to the reviewed values, leaves nothing to review', async () => {
    const app = await approvedApp('same');
    expect((await edit(app, {})).status).toBe(200);
    expect(await flagOf(app.id)).toBeNull();
    expect((await edit(app, { company_name: 'Other Ltd' })).status).toBe(200);
    expect((await flagOf(app.id))?.fields).toEqual(['company_name']);
    expect((await edit(app, {})).status).toBe(200);
    expect(await flagOf(app.id)).toBeNull();
  });
});

describe('checkout while a price change waits for review', () => {
  it('charges the reviewed price, and the new one only once the admin marked it reviewed', async () => {
    const created = await api<OwnerApp>('POST', '/api/apps/submit', {
      token: dev.token,
      body: freeAppPayload(`Review price ${Date.now()}`, { pricing_model: 'one_time', price: 49 }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const app = created.body;
    expect((await api('POST', `/api/admin/apps/${app.id}/approve`, { token: admin })).status).toBe(200);
    const raise = await edit(app, { pricing_model: 'one_time', price: 499 });
    expect(raise.status, JSON.stringify(raise.body)).toBe(200);
    expect((await flagOf(app.id))?.fields).toContain('price');

    const amountCharged = async () => {
      // A new buyer each time: one buyer may hold one open checkout of an app.
      const buyer = await newDeveloper();
      const session = await api<CheckoutSession>('POST', '/api/stripe/create-checkout-session', {
        token: buyer.token,
        body: { app_id: app.id },
      });
      expect(session.status, JSON.stringify(session.body)).toBe(200);
      return (await dynamoPurchasesRepository.getBySession(session.body.session_id))?.amount_cents;
    };
    // The buyer is shown, and charged, the price the admin approved.
    expect((await shown(app)).price).toBe(49);
    expect(await amountCharged()).toBe(4900);

    expect((await api('POST', `/api/admin/apps/${app.id}/clear-flag`, { token: admin })).status).toBe(200);
    expect(await amountCharged()).toBe(49900);
  });
});

describe('POST /api/apps/{id}/withdraw-changes', () => {
  it('gives the owner the reviewed values back; nobody else may, and twice is a conflict', async () => {
    const app = await approvedApp('withdraw');
    expect((await edit(app, { name: 'Totally Different', icon_url: 'https://elsewhere.example/i.png' })).status).toBe(
      200,
    );
    const stranger = await newDeveloper();
    expect((await api('POST', `/api/apps/${app.id}/withdraw-changes`, { token: stranger.token })).status).toBe(404);
    expect((await api('POST', `/api/apps/${app.id}/withdraw-changes`, { token: admin })).status).toBe(403);

    const withdrawn = await api<OwnerApp>('POST', `/api/apps/${app.id}/withdraw-changes`, { token: dev.token });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    expect(withdrawn.body).toMatchObject({ name: app.name, icon_url: 'https://cdn.example.com/icon.png' });
    expect((await api<OwnerApp>('GET', `/api/apps/${app.id}`, { token: dev.token })).body.name).toBe(app.name);
    expect(await flagOf(app.id)).toBeNull();
    expect((await shown(app)).name).toBe(app.name);

    const again = await api('POST', `/api/apps/${app.id}/withdraw-changes`, { token: dev.token });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: APP_MESSAGES.nothingToWithdraw });
    const trail = await api<AuditPage>('GET', `/api/admin/audit?action=app.withdraw_changes&limit=100`, {
      token: admin,
    });
    expect(trail.body.entries.map((e) => e.target_id)).toContain(app.id);
  });
});
