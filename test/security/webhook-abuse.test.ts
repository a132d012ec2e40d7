/**
 * Outbound webhooks as an amplifier. One unapproved, self-registered account
 * could create webhooks and call simulate-event without limit, each fanning out a 256 KB payload
 * to every webhook; any port was allowed (the stored error kinds scanned third parties' ports);
 * and every list answer carried each webhook's full secret.
 */

import type { Webhook } from '@shared/schemas/webhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { setRateLimitClockForTests } from '../../functions/http/rate-limit-clock';
import { api, approvedDeveloper, newDeveloper, newInternalApp } from '../support/api';
import { callFrom, newClient, ownServer } from './support/own-server';

/** This file's own server (in this worker), whose rate limits run on a clock the test sets. */
const server = ownServer();
afterEach(() => setRateLimitClockForTests());

describe('webhooks need an approved developer', () => {
  it('refuses webhooks and test events to an account the admin has not approved', async () => {
    const dev = await newDeveloper();
    const appId = await newInternalApp(dev.token, 'Amplifier');
    const hook = await api('POST', `/api/apps/${appId}/webhooks`, {
      token: dev.token,
      body: { event_type: 'license.purchased', target_url: 'http://127.0.0.1:9009/hook' },
    });
    expect(hook.status).toBe(403);
    expect(typeof hook.body.detail).toBe('string');
    const sim = await api('POST', '/api/simulate-event', {
      token: dev.token,
      body: { app_id: appId, event_type: 'license.purchased' },
    });
    expect(sim.status).toBe(403);
  });
});

describe('simulate-event is bounded', () => {
  it('accepts at most 10 test events a minute per app, each at most a few KB', async () => {
    const dev = await approvedDeveloper();
    const appId = await newInternalApp(dev.token, 'Amplifier');
    const big = await api('POST', '/api/simulate-event', {
      token: dev.token,
      body: { app_id: appId, event_type: 'license.purchased', data: { blob: 'x'.repeat(256 * 1024) } },
    });
    expect(big.status).toBe(400);

    // The limit counts per clock minute. On a fake clock standing 5 s into a minute, the 15
    // requests cannot straddle a minute's end, however slow the machine (the real one is not waited for).
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    let now = minute + 5_000;
    setRateLimitClockForTests(() => now);
    const simulate = async (n: number) =>
      (
        await callFrom(server.url, newClient(), 'POST', '/api/simulate-event', {
          token: dev.token,
          body: { app_id: appId, event_type: 'license.purchased', data: { n } },
        })
      ).status;
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) statuses.push(await simulate(i));
    const accepted = statuses.filter((s) => s === 200).length;
    console.log(`simulate-event: ${accepted} of 15 accepted within a minute`);
    expect(accepted).toBe(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    // The last moment of that minute is still refused; the next minute has a fresh allowance.
    now = minute + 59_999;
    expect(await simulate(15)).toBe(429);
    now = minute + 60_000;
    expect(await simulate(16)).toBe(200);
  });
});

describe('webhook targets', () => {
  it('counts webhooks per target host across all of a developer\u2019s apps', async () => {
    const dev = await approvedDeveloper();
    let created = 0;
    for (let a = 0; a < 3; a++) {
      const appId = await newInternalApp(dev.token, 'Amplifier');
      for (let i = 0; i < 10; i++) {
        const res = await api('POST', `/api/apps/${appId}/webhooks`, {
          token: dev.token,
          body: { event_type: 'license.purchased', target_url: `http://victim.example:8080/a${a}/h${i}` },
        });
        if (res.status === 201) created++;
      }
    }
    console.log(`webhooks to one host across 3 apps: ${created} of 30 created`);
    expect(created).toBe(10);
  });

  it('shows a webhook\u2019s secret in full only when it is created', async () => {
    const dev = await approvedDeveloper();
    const appId = await newInternalApp(dev.token, 'Amplifier');
    const created = await api<Webhook>('POST', `/api/apps/${appId}/webhooks`, {
      token: dev.token,
      body: { event_type: 'license.purchased', target_url: 'http://127.0.0.1:9009/secret' },
    });
    expect(created.status).toBe(201);
    const secret = created.body.secret;
    expect(secret).toMatch(/^whsec_.{32,}$/);
    const list = await api<Webhook[]>('GET', `/api/apps/${appId}/webhooks`, { token: dev.token });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(6, 20));
    // The list still shows the first 10 characters, as the spec's webhook list does.
    expect(list.body[0]?.secret).toBe(secret.slice(0, 10));
  });
});

describe('ports in the cloud', () => {
  it('allows only 443 and 8443 where internal targets are refused', async () => {
    const { checkTarget } = await import('../../functions/adapters/http-out');
    const cloud = { allowInternal: false };
    for (const port of [22, 25, 80, 3306, 8080]) {
      const res = await checkTarget(`https://93.184.215.14:${port}/hook`, cloud);
      expect(res.ok, `port ${port}`).toBe(false);
    }
    expect(await checkTarget('https://93.184.215.14/hook', cloud)).toEqual({ ok: true });
    expect(await checkTarget('https://93.184.215.14:8443/hook', cloud)).toEqual({ ok: true });
  });
});
