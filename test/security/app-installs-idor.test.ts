/**
 * Issue 28: My Apps lists the practices' installs of an app (GET /api/apps/{id}/installs: the
 * customers' e-mails and what they granted). Only the app's owner reads them: another developer
 * gets 404 and none of them, a practice (a buyer) is refused by its role.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { dynamoInstallStore } from '../../functions/adapters/dynamodb/installs-repo';
import type { DeveloperInstall } from '../../shared/schemas/installs';
import { createApp, testApp } from '../integration/checkout-fixtures';
import { api, approvedDeveloper, type Developer, newPractice } from '../support/api';

let owner: Developer;
let other: Developer;
let practice: Developer;
let appId: string;

beforeAll(async () => {
  [owner, other, practice] = await Promise.all([approvedDeveloper(), approvedDeveloper(), newPractice()]);
  appId = (await createApp(testApp(owner.id, 'installs-owner', { is_approved: true, type: 'public' }))).id;
  const at = new Date().toISOString();
  await dynamoInstallStore.create({
    id: randomUUID(),
    buyer_id: `guest_${randomUUID()}`,
    app_id: appId,
    app: { id: appId, name: 'Owner app', slug: null },
    customer_email: 'frontdesk@owner-practice.example',
    status: 'active',
    granted: { event_types: ['appointment.created'], features: [] },
    declaration_version: null,
    installed_at: at,
    updated_at: at,
    revoked_at: null,
  });
});

it("only the app's owner reads its installs", async () => {
  const own = await api<{ items: DeveloperInstall[]; next_cursor: string | null }>(
    'GET',
    `/api/apps/${appId}/installs?limit=1`,
    { token: owner.token },
  );
  expect(own.status).toBe(200);
  expect(own.body.items).toEqual([
    expect.objectContaining({ status: 'active', customer_email: 'frontdesk@owner-practice.example' }),
  ]);

  const stolen = await api<{ detail?: string }>('GET', `/api/apps/${appId}/installs`, { token: other.token });
  expect(stolen.status).toBe(404);
  expect(stolen.body).toEqual({ detail: 'App not found' });
  expect(JSON.stringify(stolen.body)).not.toContain('owner-practice');

  const buyer = await api<{ detail?: string }>('GET', `/api/apps/${appId}/installs`, { token: practice.token });
  expect(buyer.status).toBe(403);
  expect(JSON.stringify(buyer.body)).not.toContain('owner-practice');
  expect((await api('GET', `/api/apps/${appId}/installs`)).status).toBe(401);
});
