/**
 * Issue 28: GET /v1/installs names practices (an opaque id and the customer's e-mail) and what they
 * granted. A developer's API key must read only its owner's apps: another developer's key asking
 * for an app that is not its own gets 404 and none of the installs, and its own apps list none of
 * another developer's installs.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { dynamoInstallStore } from '../../functions/adapters/dynamodb/installs-repo';
import type { DeveloperInstall } from '../../shared/schemas/installs';
import type { ApiKeyWithSecret } from '../../shared/schemas/keys';
import { createApp, testApp } from '../integration/checkout-fixtures';
import { api, approvedDeveloper } from '../support/api';

let victimApp: string;
let attackerApp: string;
let attackerKey: string;

async function keyOf(token: string) {
  const res = await api<ApiKeyWithSecret>('POST', '/api/keys', { token, body: { type: 'staging' } });
  expect(res.status).toBe(201);
  return res.body.key;
}

beforeAll(async () => {
  const [victim, attacker] = await Promise.all([approvedDeveloper(), approvedDeveloper()]);
  attackerKey = await keyOf(attacker.token);
  victimApp = (await createApp(testApp(victim.id, 'idor-victim', { is_approved: true, type: 'public' }))).id;
  attackerApp = (await createApp(testApp(attacker.id, 'idor-attacker', { is_approved: true, type: 'public' }))).id;
  const at = new Date().toISOString();
  await dynamoInstallStore.create({
    id: randomUUID(),
    buyer_id: `guest_${randomUUID()}`,
    app_id: victimApp,
    app: { id: victimApp, name: 'Victim app', slug: null },
    customer_email: 'frontdesk@victim-practice.example',
    status: 'active',
    granted: { event_types: ['appointment.created'], features: [] },
    declaration_version: null,
    installed_at: at,
    updated_at: at,
    revoked_at: null,
  });
});

it("another developer's key reads none of an app's installs", async () => {
  const stolen = await api<{ items?: DeveloperInstall[]; detail?: string }>('GET', `/v1/installs?app_id=${victimApp}`, {
    headers: { 'x-api-key': attackerKey },
  });
  expect(stolen.status).toBe(404);
  expect(stolen.body).toEqual({ detail: 'App not found' });
  expect(JSON.stringify(stolen.body)).not.toContain('victim-practice');

  const own = await api<{ items: DeveloperInstall[] }>('GET', `/v1/installs?app_id=${attackerApp}`, {
    headers: { 'x-api-key': attackerKey },
  });
  expect(own.status).toBe(200);
  expect(own.body.items).toEqual([]);
});
