/**
 * Issue 30, finding 9 (low): the per-host webhook cap (10 per developer) compared host names as
 * written, so `victim.example`, `victim.example.` and `victim.example..` each got 10, as did every
 * subdomain of the same site. Hosts are now normalised (case, trailing dots) and counted by their
 * registrable domain, and a developer holds at most MAX_WEBHOOKS_PER_DEVELOPER webhooks in all.
 */
import { describe, expect, it } from 'vitest';
import { api, approvedDeveloper } from '../support/api';

/** The cap per developer (functions/core/webhooks/webhooks-service.ts MAX_WEBHOOKS_PER_DEVELOPER). */
const MAX_WEBHOOKS_PER_DEVELOPER = 100;

async function appOf(token: string) {
  const res = await api('POST', '/api/apps', { token, body: { name: `Host cap ${Date.now()}`, type: 'internal' } });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const create = (token: string, appId: string, target_url: string) =>
  api('POST', `/api/apps/${appId}/webhooks`, { token, body: { event_type: 'license.purchased', target_url } });

describe('webhooks per target host', () => {
  it('counts victim.example, VICTIM.example., victim.example.. and its subdomains as one site', async () => {
    const dev = await approvedDeveloper();
    const spellings = [
      'victim.example',
      'VICTIM.example.',
      'victim.example..',
      'a.victim.example',
      'b.b.victim.example',
    ];
    let created = 0;
    for (const [s, host] of spellings.entries()) {
      const appId = await appOf(dev.token);
      for (let i = 0; i < 10; i++) {
        const res = await create(dev.token, appId, `http://${host}:9443/s${s}/h${i}`);
        if (res.status === 201) created++;
        else expect(res.status, JSON.stringify(res.body)).toBe(400);
      }
    }
    console.info(`item 9: webhooks to one site under ${spellings.length} spellings: ${created} of 50 created`);
    expect(created).toBe(10);
  });

  it(`holds a developer to ${MAX_WEBHOOKS_PER_DEVELOPER} webhooks in all`, async () => {
    const dev = await approvedDeveloper();
    let created = 0;
    let refused: { status: number; detail?: unknown } | undefined;
    for (let a = 0; created < MAX_WEBHOOKS_PER_DEVELOPER + 5 && a < 20 && !refused; a++) {
      const appId = await appOf(dev.token);
      for (let i = 0; i < 20 && !refused; i++) {
        // A site of its own for every two webhooks: the per-host cap never applies.
        const res = await create(dev.token, appId, `https://site-${a}-${i >> 1}.example/h${i}`);
        if (res.status === 201) created++;
        else refused = { status: res.status, detail: res.body.detail };
      }
    }
    expect(created).toBe(MAX_WEBHOOKS_PER_DEVELOPER);
    expect(refused?.status).toBe(400);
    expect(String(refused?.detail)).toMatch(new RegExp(`at most ${MAX_WEBHOOKS_PER_DEVELOPER} webhooks`));
  });
});
