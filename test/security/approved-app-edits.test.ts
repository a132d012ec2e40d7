/**
 * An approved app could be renamed to "URGENT: verify your
 * practice account at evil.example" after review, and nobody on the platform side would notice.
 * Material edits of an approved app (name, descriptions, URLs, licensing instructions, price) are
 * now flagged to admins, with what changed, in App Management's list and on the dashboard's
 * source (GET /api/admin/apps); the admin clears the flag once reviewed.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminApp, OwnerApp } from '../../shared/schemas/apps';
import { adminToken, api, newDeveloper } from '../support/api';

let dev: Awaited<ReturnType<typeof newDeveloper>>;
let admin: string;

beforeAll(async () => {
  dev = await newDeveloper();
  admin = await adminToken();
});

async function adminRow(id: string) {
  const res = await api<AdminApp[]>('GET', '/api/admin/apps', { token: admin });
  expect(res.status).toBe(200);
  return res.body.find((a) => a.id === id);
}

describe('material edits of an approved app are flagged to admins (item 8)', () => {
  it('flags a rename after approval with what changed, until the admin clears it', async () => {
    const created = await api<OwnerApp>('POST', '/api/apps', {
      token: dev.token,
      body: { name: `Flag ${Date.now()}`, type: 'partner', description: 'Charting helper' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await api('POST', `/api/admin/apps/${id}/approve`, { token: admin })).status).toBe(200);
    expect((await adminRow(id))?.review_flag).toBeNull();

    const renamed = await api('PUT', `/api/apps/${id}`, {
      token: dev.token,
      body: { name: 'URGENT: verify your practice account at evil.example', description: 'Charting helper' },
    });
    expect(renamed.status).toBe(200);
    expect((await adminRow(id))?.review_flag?.fields).toEqual(['name']);

    // An unchanged save adds nothing; a further change adds its field.
    await api('PUT', `/api/apps/${id}`, {
      token: dev.token,
      body: { name: 'URGENT: verify your practice account at evil.example', description: 'Log in at evil.example' },
    });
    expect((await adminRow(id))?.review_flag?.fields).toEqual(['name', 'description']);

    // Developers cannot clear it; the admin can.
    expect((await api('POST', `/api/admin/apps/${id}/clear-flag`, { token: dev.token })).status).toBe(403);
    const cleared = await api<{ app: AdminApp }>('POST', `/api/admin/apps/${id}/clear-flag`, { token: admin });
    expect(cleared.status).toBe(200);
    expect(cleared.body.app.review_flag).toBeNull();
    expect((await adminRow(id))?.review_flag).toBeNull();
  });

  it('does not flag edits of an app that is still awaiting review', async () => {
    const created = await api<OwnerApp>('POST', '/api/apps', {
      token: dev.token,
      body: { name: `Unreviewed ${Date.now()}`, type: 'partner' },
    });
    await api('PUT', `/api/apps/${created.body.id}`, { token: dev.token, body: { name: 'Renamed before review' } });
    expect((await adminRow(created.body.id))?.review_flag).toBeNull();
  });
});
