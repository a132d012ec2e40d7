/**
 * The data an app touches: a developer declares, against the synced practice
 * catalogue, which features the app reads or writes, the event types it subscribes to and the
 * BAA; the server refuses what the catalogue does not hold; the app page (public, listed apps
 * only), the owner and the admin review read the same declaration with each feature's tables.
 */

import type { AuditPage } from '@shared/schemas/audit';
import { PERMISSIONS_MESSAGES, type PermissionsCatalogue, type PermissionsView } from '@shared/schemas/permissions';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, type Developer as Dev, newDeveloper } from '../support/api';
import { must } from '../support/must';
import { runSync } from '../support/sync';
import { createApp, testApp } from './checkout-fixtures';

let owner: Dev;
let other: Dev;
let admin: string;
let listedId: string;
let pendingId: string;
let catalogue: PermissionsCatalogue;

beforeAll(async () => {
  [owner, other, admin] = await Promise.all([newDeveloper(), newDeveloper(), adminToken()]);
  const run = await runSync(admin, 'full_sync');
  expect(run.status).toBe('succeeded');
  listedId = (await createApp(testApp(owner.id, 'data-listed'))).id;
  pendingId = (await createApp(testApp(owner.id, 'data-pending', { is_approved: false }))).id;
  catalogue = (await api<PermissionsCatalogue>('GET', '/api/data-access/catalogue', { token: owner.token })).body;
}, 180_000);

const declare = (id: string, body: unknown, token = owner.token) =>
  api('PUT', `/api/apps/${id}/data-access`, { token, body });

describe('permissions declarations', () => {
  it('offers the synced catalogue: features with table counts and the internal event types', () => {
    expect(catalogue.catalogue_synced).toBe(true);
    expect(catalogue.features.length).toBe(16);
    expect(catalogue.features[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), name: expect.any(String), table_count: expect.any(Number) }),
    );
    expect(catalogue.event_types.map((e) => e.id)).toContain('appointment.created');
  });

  it('refuses features and event types the catalogue does not hold, and a BAA without an https link', async () => {
    const f = must(catalogue.features[0], 'a catalogue feature').id;
    const cases: Array<[unknown, string]> = [
      [
        { features: [{ id: 'no-such-feature', access: 'read' }], baa_signed: false },
        PERMISSIONS_MESSAGES.unknownFeatures(['no-such-feature']),
      ],
      [
        { features: [{ id: f, access: 'read' }], event_types: ['nope.gone'], baa_signed: false },
        PERMISSIONS_MESSAGES.unknownEventTypes(['nope.gone']),
      ],
      [{ features: [{ id: f, access: 'read' }], baa_signed: true }, PERMISSIONS_MESSAGES.baaUrlRequired],
      [
        { features: [{ id: f, access: 'read' }], baa_signed: true, baa_url: 'http://example.com/baa' },
        PERMISSIONS_MESSAGES.baaUrlHttps,
      ],
      [{ features: [{ id: f, access: 'delete' }], baa_signed: false }, PERMISSIONS_MESSAGES.mode],
      [
        {
          features: [
            { id: f, access: 'read' },
            { id: f, access: 'write' },
          ],
          baa_signed: false,
        },
        PERMISSIONS_MESSAGES.duplicateFeature,
      ],
    ];
    for (const [body, detail] of cases) {
      const res = await declare(listedId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.detail).toBe(detail);
    }
    // Nothing was stored.
    expect((await api('GET', `/api/apps/${listedId}/data-access`, { token: owner.token })).body).toEqual({
      catalogue_synced: true,
      declaration: null,
    });
  });

  it('only the owner declares; owner, admin and (listed apps only) visitors read it with the tables', async () => {
    const [f1, f2] = [must(catalogue.features[0]), must(catalogue.features[1])];
    const body = {
      features: [
        { id: f1.id, access: 'read' },
        { id: f2.id, access: 'read_write' },
      ],
      event_types: ['appointment.created'],
      baa_signed: true,
      baa_url: 'https://example.com/baa.pdf',
    };
    expect((await declare(listedId, body, other.token)).status).toBe(404);
    expect((await declare(listedId, body, admin)).status).toBe(403);
    const saved = await declare(listedId, body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // A listed (approved) app's new declaration is public once the admin has reviewed it.
    expect(
      (await api<PermissionsView>('GET', `/api/marketplace/apps/${listedId}/data-access`)).body.declaration,
    ).toBeNull();
    expect((await api('POST', `/api/admin/apps/${listedId}/clear-flag`, { token: admin })).status).toBe(200);

    const publicView = await api<PermissionsView>('GET', `/api/marketplace/apps/${listedId}/data-access`);
    expect(publicView.status).toBe(200);
    const d = must(publicView.body.declaration, 'the declaration');
    expect(d.features.map((f) => [f.id, f.name, f.access])).toEqual([
      [f1.id, f1.name, 'read'],
      [f2.id, f2.name, 'read_write'],
    ]);
    expect(must(d.features[0]).tables).toHaveLength(f1.table_count);
    expect(must(d.features[0]).tables[0]).toEqual({ name: expect.any(String), column_count: expect.any(Number) });
    expect(d.event_types.map((e) => e.id)).toEqual(['appointment.created']);
    expect(d).toMatchObject({ baa_signed: true, baa_url: 'https://example.com/baa.pdf' });
    expect((await api('GET', `/api/apps/${listedId}/data-access`, { token: admin })).body).toEqual(publicView.body);
    expect((await api('GET', `/api/apps/${listedId}/data-access`, { token: other.token })).status).toBe(404);

    // An app awaiting review: its owner and the admin see the declaration, the marketplace does not.
    expect((await declare(pendingId, { features: [{ id: f1.id, access: 'write' }], baa_signed: false })).status).toBe(
      200,
    );
    expect((await api('GET', `/api/marketplace/apps/${pendingId}/data-access`)).status).toBe(404);
    const review = await api<PermissionsView>('GET', `/api/apps/${pendingId}/data-access`, { token: admin });
    const declared = must(review.body.declaration, 'the declaration');
    expect(declared.features[0]).toMatchObject({ id: f1.id, access: 'write' });
    expect(declared.baa_url).toBeNull();

    // The declaration is in the audit trail.
    const trail = await api<AuditPage>('GET', `/api/admin/audit?actor=${owner.email}&action=app.data_access`, {
      token: admin,
    });
    expect(trail.body.entries.map((e) => e.target_id).sort()).toEqual([listedId, pendingId].sort());
  });

  it("a listed app's wider declaration waits for review, and its owner can withdraw it", async () => {
    const reviewed = (await api<PermissionsView>('GET', `/api/marketplace/apps/${listedId}/data-access`)).body;
    const wider = {
      features: catalogue.features.map((f) => ({ id: f.id, access: 'read_write' })),
      event_types: ['appointment.created'],
      baa_signed: false,
    };
    expect((await declare(listedId, wider)).status).toBe(200);
    // The public page, and what installs are asked to consent to, stay on the reviewed declaration.
    expect((await api<PermissionsView>('GET', `/api/marketplace/apps/${listedId}/data-access`)).body).toEqual(reviewed);
    const ownerView = await api<PermissionsView>('GET', `/api/apps/${listedId}/data-access`, { token: owner.token });
    expect(ownerView.body.declaration?.features).toHaveLength(catalogue.features.length);

    const withdrawn = await api('POST', `/api/apps/${listedId}/withdraw-changes`, { token: owner.token });
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200);
    const back = await api<PermissionsView>('GET', `/api/apps/${listedId}/data-access`, { token: owner.token });
    expect(back.body.declaration?.features.map((f) => [f.id, f.access])).toEqual(
      reviewed.declaration?.features.map((f) => [f.id, f.access]),
    );
    expect(back.body.declaration?.baa_signed).toBe(true);
    expect((await api<PermissionsView>('GET', `/api/marketplace/apps/${listedId}/data-access`)).body).toEqual(reviewed);
  });
});
