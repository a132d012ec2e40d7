/**
 * Issue 30, finding 6 (low), in part: actions the audit trail never recorded. A developer's
 * deletion of an app, review replies and manual-licence completions left no entry, and
 * `webhook.simulate_event` was recorded with `target_id: null` (its app is in the body, not the
 * path), so the admin could not find a developer's test events by app.
 */
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../functions/routes';
import type { AuditPage } from '../../shared/schemas/audit';
import { adminToken, api, approvedDeveloper, freeAppPayload } from '../support/api';

async function entriesOf(actor: string) {
  const res = await api<AuditPage>('GET', `/api/admin/audit?actor=${encodeURIComponent(actor)}&limit=100`, {
    token: await adminToken(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.entries;
}

describe('the audit trail records what it missed', () => {
  it('marks app deletion, review replies and manual-licence completions as audited', () => {
    const mark = (method: string, path: string) => ROUTES.find((r) => r.method === method && r.path === path)?.audit;
    expect(mark('DELETE', '/api/apps/{id}')).toEqual({ action: 'app.delete', target: 'app' });
    expect(mark('POST', '/api/apps/{id}/reviews/{reviewId}/reply')).toEqual({ action: 'review.reply', target: 'app' });
    expect(mark('POST', '/api/manual-licences/{id}/complete')).toEqual({
      action: 'licence.manual_complete',
      target: 'purchase',
    });
  });

  it("records a developer's test event by its app and the deletion of an app", async () => {
    const dev = await approvedDeveloper();
    const created = await api('POST', '/api/apps/submit', {
      token: dev.token,
      body: freeAppPayload(`Audit gaps ${Date.now()}`),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const appId = String((created.body as { id?: string }).id ?? (created.body as { app?: { id: string } }).app?.id);

    const simulated = await api('POST', '/api/simulate-event', {
      token: dev.token,
      body: { app_id: appId, event_type: 'license.revoked', data: { test: true } },
    });
    expect(simulated.status, JSON.stringify(simulated.body)).toBe(200);
    const deleted = await api('DELETE', `/api/apps/${appId}`, { token: dev.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    const entries = await entriesOf(dev.email);
    const simulation = entries.find((e) => e.action === 'webhook.simulate_event');
    console.info(
      `item 6: simulate_event target_id ${simulation?.target_id}; app.delete entries ${entries.filter((e) => e.action === 'app.delete').length}`,
    );
    expect(simulation?.target_id).toBe(appId);
    expect(entries.find((e) => e.action === 'app.delete')).toMatchObject({ target_type: 'app', target_id: appId });
  });
});
