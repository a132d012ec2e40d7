/** A buyer's installs as the SPA reads them (GET /api/installs), for integration and security tests. */
import type { BuyerInstall, BuyerInstallList } from '@shared/schemas/installs';
import { expect, vi } from 'vitest';
import { api } from './api';
import { must } from './must';

/** The buyer's installs, answered 200. */
export async function installsOf(buyer: { token: string }): Promise<BuyerInstall[]> {
  const res = await api<BuyerInstallList>('GET', '/api/installs', { token: buyer.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.installs;
}

/**
 * The buyer's install of the app, once it exists: it is made right after the licence is delivered
 * (core/licences/fulfilment.ts, queued), so a test that has just seen the purchase waits for it.
 */
export function installOf(buyer: { token: string }, appId: string, timeout = 20_000): Promise<BuyerInstall> {
  return vi.waitFor(
    async () =>
      must(
        (await installsOf(buyer)).find((i) => i.app_id === appId),
        `the install of ${appId}`,
      ),
    { timeout, interval: 100 },
  );
}
