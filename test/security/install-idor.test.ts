import type { DeveloperInstall } from '@shared/schemas/installs';
import type { ApiKeyWithSecret } from '@shared/schemas/keys';
import { beforeAll, expect, it } from 'vitest';
import { createApp, testApp } from '../integration/checkout-fixtures';
import { api, approvedDeveloper } from '../support/api';
import { activeGuestInstall } from './support/installs';

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
  await activeGuestInstall(victimApp, 'Victim app', 'frontdesk@victim-practice.example');
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
