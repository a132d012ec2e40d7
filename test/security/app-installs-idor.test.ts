import type { DeveloperInstall } from '@shared/schemas/installs';
import { beforeAll, expect, it } from 'vitest';
import { createApp, testApp } from '../integration/checkout-fixtures';
import { api, approvedDeveloper, type Developer, newPractice } from '../support/api';
import { activeGuestInstall } from './support/installs';

let owner: Developer;
let other: Developer;
let practice: Developer;
let appId: string;

beforeAll(async () => {
  [owner, other, practice] = await Promise.all([approvedDeveloper(), approvedDeveloper(), newPractice()]);
  appId = (await createApp(testApp(owner.id, 'installs-owner', { is_approved: true, type: 'public' }))).id;
  await activeGuestInstall(appId, 'Owner app', 'frontdesk@owner-practice.example');
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
