/**
 * The audit trail. Walks the route table like the role test: every admin route that
 * changes state (not GET) and every developer route on keys and webhooks must be marked `audit`
 * in routes.ts and, called successfully, write exactly ONE entry naming who, what, which object,
 * when and from which address, with the changed fields (never a secret). A failed call writes
 * none. The trail is read through GET /api/admin/audit only (paged, filtered); no route changes or
 * deletes an entry, and each entry carries its TTL.
 *
 * The calls are made by an admin and developers created for this file, so the entries can be
 * counted by actor while other files run against the same stack.
 */

import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditEntry, AuditPage } from '@shared/schemas/audit';
import type { SuppressedAddress } from '@shared/schemas/mail';
import type { OwnReview } from '@shared/schemas/reviews';
import type { FeatureLinksResponse, FeaturesResponse, SyncRun, SyncStatusResponse } from '@shared/schemas/sync';
import type { WebhookDeliveryLog } from '@shared/schemas/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/adapters/aws-clients';
import { auditEntryItem } from '../../functions/adapters/dynamodb/audit-repo';
import { putItem } from '../../functions/adapters/dynamodb/dynamo';
import { auditActorIds } from '../../functions/adapters/dynamodb/migrations';
import { dynamoSyncStateStore } from '../../functions/adapters/dynamodb/sync-repo';
import { ROUTES, type RouteDef, routeKey } from '../../functions/routes';
import { invitedAccount } from '../support/accounts';
import { signedInAdmin } from '../support/admins';
import { adminToken, api, approvedDeveloper, type Developer as Dev, newDeveloper, uniqueEmail } from '../support/api';
import { must } from '../support/must';
import { listenOnWebhookPort } from '../support/receiver';
import { waitFor, waitForRun } from '../support/sync';
import { createApp, insertPurchase, postEvent, sessionCompletedEvent, testApp } from './checkout-fixtures';

/** The routes the issue names: admin state changes, and developers' actions on keys and webhooks. */
const mustAudit = (r: RouteDef) =>
  r.method !== 'GET' &&
  (r.access === 'admin' ||
    (r.access === 'developer' &&
      (r.group === 'api-keys' || (r.group === 'webhooks' && r.path !== '/api/event-types'))));

let admin: { email: string; token: string };
let mainAdmin: string;
let dev: Dev;
let receiver: { url: string; close: () => Promise<void> };

async function entriesOf(actor: string, extra = '') {
  const res = await api<AuditPage>('GET', `/api/admin/audit?actor=${encodeURIComponent(actor)}&limit=100${extra}`, {
    token: mainAdmin,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.entries;
}

/** What the audited calls answer that later calls act on: a created object's id, a started run. */
interface Created {
  id?: string;
  run?: SyncRun;
}

interface Call {
  token: string;
  path: string;
  body?: unknown;
  /** The object the entry must name (when known before the call). */
  target?: string;
}

/** A call of each audited route that succeeds, prepared from scratch, in the order they build on each other. */
const fixtures: Record<string, () => Promise<Call>> = {};
const state: Record<string, string> = {};

function defineFixtures() {
  const a = () => admin.token;
  const d = () => dev.token;
  Object.assign(fixtures, {
    'PUT /api/admin/profile': async () => ({
      token: a(),
      path: '/api/admin/profile',
      body: { full_name: 'Audit Admin Renamed', email: admin.email },
    }),
    'POST /api/admin/categories': async () => {
      const slug = `audit-${randomUUID().slice(0, 8)}`;
      state.categorySlug = slug;
      return { token: a(), path: '/api/admin/categories', body: { name: `Audit ${slug}`, slug } };
    },
    'PUT /api/admin/categories/{id}': async () => ({
      token: a(),
      path: `/api/admin/categories/${state.categoryId}`,
      body: { name: `Audit renamed ${state.categorySlug}`, slug: state.categorySlug },
      target: state.categoryId,
    }),
    'DELETE /api/admin/categories/{id}': async () => ({
      token: a(),
      path: `/api/admin/categories/${state.categoryId}`,
      target: state.categoryId,
    }),
    'POST /api/keys': async () => ({ token: d(), path: '/api/keys', body: { type: 'staging' } }),
    'PUT /api/keys/{id}/rotate': async () => ({
      token: d(),
      path: `/api/keys/${state.keyId}/rotate`,
      target: state.keyId,
    }),
    'POST /api/admin/keys/{id}/rotate': async () => ({
      token: a(),
      path: `/api/admin/keys/${state.keyId}/rotate`,
      target: state.keyId,
    }),
    'POST /api/keys/{id}/reveal': async () => ({
      token: d(),
      path: `/api/keys/${state.keyId}/reveal`,
      target: state.keyId,
    }),
    'DELETE /api/keys/{id}': async () => ({ token: d(), path: `/api/keys/${state.keyId}`, target: state.keyId }),
    'POST /api/apps/{id}/webhooks': async () => {
      const app = await createApp(testApp(dev.id, 'audit-hooks'));
      state.hookApp = app.id;
      return {
        token: d(),
        path: `/api/apps/${app.id}/webhooks`,
        body: {
          event_type: 'license.revoked',
          target_url: receiver.url,
          secret: 'audit-secret-never-stored-0123456789',
        },
      };
    },
    'POST /api/simulate-event': async () => ({
      token: d(),
      path: '/api/simulate-event',
      body: { app_id: state.hookApp, event_type: 'license.revoked', data: { test: true } },
    }),
    'POST /api/admin/logs/{id}/replay': async () => {
      const log = await waitFor('a failed delivery', async () => {
        const res = await api<WebhookDeliveryLog[]>('GET', `/api/apps/${state.hookApp}/webhook-logs`, { token: d() });
        return res.body.find((l) => l.status_code === 500);
      });
      return { token: a(), path: `/api/admin/logs/${log.id}/replay`, target: log.id };
    },
    'DELETE /api/webhooks/{id}': async () => ({
      token: d(),
      path: `/api/webhooks/${state.webhookId}`,
      target: state.webhookId,
    }),
    'POST /api/approve-user': async () => {
      const other = await newDeveloper();
      return { token: a(), path: '/api/approve-user', body: { email: other.email }, target: other.id };
    },
    'POST /api/admin/users/{id}/resend-invitation': async () => {
      // An imported legacy account that has not set its password yet.
      const { id } = await invitedAccount('audit-invited');
      return { token: a(), path: `/api/admin/users/${id}/resend-invitation`, target: id };
    },
    'POST /api/admin/users/{id}/approve-production': async () => {
      const other = await newDeveloper();
      return { token: a(), path: `/api/admin/users/${other.id}/approve-production`, target: other.id };
    },
    'POST /api/admin/apps/{id}/approve': async () => {
      const app = await createApp(testApp(dev.id, 'audit-review', { is_approved: false }));
      state.reviewApp = app.id;
      return { token: a(), path: `/api/admin/apps/${app.id}/approve`, target: app.id };
    },
    'POST /api/admin/apps/{id}/suspend': async () => ({
      token: a(),
      path: `/api/admin/apps/${state.reviewApp}/suspend`,
      body: { reason: 'Audit test' },
      target: state.reviewApp,
    }),
    'DELETE /api/admin/apps/{id}/delete': async () => ({
      token: a(),
      path: `/api/admin/apps/${state.reviewApp}/delete`,
      target: state.reviewApp,
    }),
    'POST /api/admin/apps/{id}/clear-flag': async () => {
      // An approved app renamed by its owner (another developer, so this file's actors see nothing of it).
      const owner = await approvedDeveloper();
      const created = await api('POST', '/api/apps', {
        token: owner.token,
        body: { name: `Audit flag ${randomUUID().slice(0, 8)}`, type: 'partner', description: 'Charting helper' },
      });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      expect((await api('POST', `/api/admin/apps/${id}/approve`, { token: mainAdmin })).status).toBe(200);
      const renamed = await api('PUT', `/api/apps/${id}`, {
        token: owner.token,
        body: { name: `Audit flag renamed ${randomUUID().slice(0, 8)}`, description: 'Charting helper' },
      });
      expect(renamed.status).toBe(200);
      return { token: a(), path: `/api/admin/apps/${id}/clear-flag`, target: id };
    },
    'POST /api/admin/apps/{id}/reviews/{reviewId}/hide': async () => {
      // A free app: the buyer's checkout completes at once, and a licensed buyer may review.
      const app = await createApp(
        testApp(dev.id, 'audit-review-hide', { pricing_model: 'free', price_cents: 0, licensing_type: 'manual' }),
      );
      const buyer = await newDeveloper();
      const bought = await api('POST', '/api/stripe/create-checkout-session', {
        token: buyer.token,
        body: { app_id: app.id },
      });
      expect(bought.status).toBe(200);
      const posted = await api<{ review: OwnReview }>('POST', `/api/apps/${app.id}/reviews`, {
        token: buyer.token,
        body: { rating: 1, text: 'Call 555-0100 for a better app' },
      });
      expect(posted.status, JSON.stringify(posted.body)).toBe(201);
      const reviewId = posted.body.review.id;
      return {
        token: a(),
        path: `/api/admin/apps/${app.id}/reviews/${reviewId}/hide`,
        body: { reason: 'Advertising another product' },
        target: reviewId,
      };
    },
    'POST /api/admin/mail-suppressions/lift': async () => {
      // SES's mailbox simulator bounces the sign-up's verification mail: the address is suppressed.
      const email = `bounce+audit-${randomUUID().slice(0, 8)}@simulator.amazonses.com`;
      const reg = await api('POST', '/api/register', {
        body: { full_name: 'Bouncing Developer', email, password: 'secret123', company_name: 'Audit Dental Co' },
      });
      expect(reg.status).toBeLessThan(300);
      await waitFor('the bounce to suppress the address', async () => {
        const list = await api<SuppressedAddress[]>('GET', '/api/admin/mail-suppressions', { token: mainAdmin });
        return list.body.some((s) => s.email === email) || undefined;
      });
      return { token: a(), path: '/api/admin/mail-suppressions/lift', body: { email } };
    },
    'POST /api/admin/purchases/{id}/refund': async () => {
      const app = await createApp(testApp(dev.id, 'audit-refund'));
      const p = await insertPurchase(app, {
        status: 'completed',
        license_status: 'assigned',
        license_key: `LIC-${randomUUID()}`,
        completed_at: new Date().toISOString(),
        fulfilment: 'done',
      });
      return { token: a(), path: `/api/admin/purchases/${p.id}/refund`, target: p.id };
    },
    'POST /api/admin/purchases/{id}/complete-licence': async () => {
      const app = await createApp(
        testApp(dev.id, 'audit-manual', { licensing_type: 'manual', licensing_instructions: 'We call you.' }),
      );
      const p = await insertPurchase(app);
      expect((await postEvent(sessionCompletedEvent(p))).status).toBe(200);
      return {
        token: a(),
        path: `/api/admin/purchases/${p.id}/complete-licence`,
        body: { access_details: 'Sent by phone' },
        target: p.id,
      };
    },
    'POST /api/admin/sync/trigger': async () => ({
      token: a(),
      path: '/api/admin/sync/trigger',
      body: { sync_type: 'legacy_users' },
    }),
    'POST /api/admin/sync/polling/start': async () => ({
      token: a(),
      path: '/api/admin/sync/polling/start?interval=3600',
    }),
    'POST /api/admin/sync/polling/stop': async () => ({ token: a(), path: '/api/admin/sync/polling/stop' }),
    'POST /api/admin/sync/cursor/reset': async () => {
      // A stored cursor ahead of everything the legacy system has (as after a restore of it), set
      // once the poll that polling/start queued has ended (it would move the cursor again).
      await waitFor('no legacy_events run', async () => {
        const s = await api<SyncStatusResponse>('GET', '/api/admin/sync/status', { token: a() });
        return s.body.running.includes('legacy_events') ? undefined : true;
      });
      await dynamoSyncStateStore.setCursor('99999999999', new Date().toISOString());
      return { token: a(), path: '/api/admin/sync/cursor/reset' };
    },
    'POST /api/admin/sync/queue/retry-failed': async () => ({ token: a(), path: '/api/admin/sync/queue/retry-failed' }),
    'POST /api/internal-sync/load': async () => ({ token: a(), path: '/api/internal-sync/load' }),
    'POST /api/internal-sync/features/{id}/link-events': async () => {
      const features = await api<FeaturesResponse>('GET', '/api/internal-sync/features', { token: a() });
      const f = must(features.body.features[0], 'a catalogue feature');
      const links = await api<FeatureLinksResponse>('GET', `/api/internal-sync/features/${f.id}/link-events`, {
        token: a(),
      });
      // Saves the links it already has: nothing changes for the other tests.
      return {
        token: a(),
        path: `/api/internal-sync/features/${f.id}/link-events`,
        body: {
          feature_id: f.id,
          event_type_ids: links.body.event_types.map((e) => e.id),
          table_ids: links.body.tables.map((t) => t.id),
        },
        target: f.id,
      };
    },
  });
}

beforeAll(async () => {
  const server: Server = createServer((_req, res) => res.writeHead(500).end('answered 500'));
  const port = await listenOnWebhookPort(server);
  receiver = {
    url: `http://127.0.0.1:${port}/hooks`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  [admin, mainAdmin, dev] = await Promise.all([signedInAdmin('audit-admin'), adminToken(), approvedDeveloper()]);
  defineFixtures();
});

afterAll(async () => {
  await receiver?.close();
});

describe('the route table marks what the audit trail records', () => {
  it('marks every admin state change and every developer key/webhook action, and nothing that only reads', () => {
    const missing = ROUTES.filter((r) => mustAudit(r) && !r.audit).map(routeKey);
    expect(missing).toEqual([]);
    expect(ROUTES.filter((r) => r.method === 'GET' && r.audit).map(routeKey)).toEqual([]);
    // A call of each is prepared below: a route added later fails here until it is.
    expect(ROUTES.filter(mustAudit).map(routeKey).sort()).toEqual(Object.keys(fixtures).sort());
  });

  it('offers no route that changes or deletes an audit entry', () => {
    const auditRoutes = ROUTES.filter((r) => r.path.includes('audit'));
    expect(auditRoutes.map(routeKey)).toEqual(['GET /api/admin/audit']);
  });
});

describe('each audited route writes exactly one entry per successful call', () => {
  it('walks the audited routes in order', { timeout: 240_000 }, async () => {
    const before = new Set((await entriesOf(admin.email)).map((e) => e.id));
    const devBefore = new Set((await entriesOf(dev.email)).map((e) => e.id));
    // In the order the calls build on each other (the fixtures' order), not the table's.
    for (const key of Object.keys(fixtures)) {
      const route = must(
        ROUTES.find((r) => routeKey(r) === key),
        key,
      );
      const call = await must(fixtures[key], key)();
      const t0 = new Date().toISOString();
      // Sync triggers wait for a free lock (other files run syncs too).
      const res = await waitFor(
        `${key} to be accepted`,
        async () => {
          const r = await api<Created>(route.method, call.path, { token: call.token, body: call.body });
          return r.status === 409 && key.includes('sync') ? undefined : r;
        },
        150_000,
      );
      expect(res.status, `${key}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(200);
      expect(res.status, `${key}: ${JSON.stringify(res.body)}`).toBeLessThan(300);

      const actor = call.token === admin.token ? admin.email : dev.email;
      const seen = call.token === admin.token ? before : devBefore;
      const fresh = (await entriesOf(actor)).filter((e) => !seen.has(e.id));
      expect(
        fresh.map((e) => e.route),
        key,
      ).toEqual([key]);
      const entry = must(fresh[0], `the entry of ${key}`);
      seen.add(entry.id);
      expect(entry).toMatchObject({
        action: must(route.audit, `the audit mark of ${key}`).action,
        actor_email: actor,
        actor_role: call.token === admin.token ? 'admin' : 'developer',
        client_ip: '127.0.0.1',
        status: res.status,
      });
      expect(entry.at >= t0).toBe(true);
      if (call.target) expect(entry.target_id, key).toBe(call.target);
      expect(JSON.stringify(entry)).not.toContain('audit-secret-never-stored');

      // Ids the next calls act on.
      if (key === 'POST /api/admin/categories') state.categoryId = must(res.body.id, 'the new category id');
      if (key === 'POST /api/keys') state.keyId = must(res.body.id, 'the new key id');
      if (key === 'POST /api/apps/{id}/webhooks') state.webhookId = must(res.body.id, 'the new webhook id');
      if (key === 'POST /api/admin/categories' || key === 'POST /api/keys' || key === 'POST /api/apps/{id}/webhooks') {
        expect(entry.target_id).toBe(res.body.id);
      }
      if (key === 'POST /api/internal-sync/load') await waitForRun(mainAdmin, must(res.body.run, key).id);
      if (key === 'POST /api/admin/sync/trigger') await waitForRun(mainAdmin, must(res.body.run, key).id);
    }
  });

  it('records the before/after of what changed, with secrets redacted', async () => {
    const entries = await entriesOf(admin.email);
    const approve = must(
      entries.find((e) => e.action === 'app.approve'),
      'the app.approve entry',
    );
    expect(approve.changes.is_approved).toEqual({ before: false, after: true });
    expect(approve.target_label).toMatch(/^Checkout audit-review/);
    const rename = must(
      entries.find((e) => e.action === 'category.update'),
      'the category.update entry',
    );
    expect(rename.changes.name?.after).toMatch(/^Audit renamed/);
    expect(rename.changes.slug).toBeUndefined();
    const profile = must(
      entries.find((e) => e.action === 'admin_profile.update'),
      'the admin_profile.update entry',
    );
    // The before state is the stored account's (issue 30 finding 6), not left out.
    expect(profile.changes.full_name?.after).toBe('Audit Admin Renamed');
    expect(profile.changes.full_name?.before).toEqual(expect.any(String));
    expect(profile.changes.full_name?.before).not.toBe('Audit Admin Renamed');
    const hook = must(
      (await entriesOf(dev.email)).find((e) => e.action === 'webhook.create'),
      'the webhook.create entry',
    );
    expect(hook.changes.target_url).toEqual({ before: null, after: receiver.url });
    expect(hook.changes.secret).toBeUndefined();
  });

  it('writes nothing for a refused or failed call', async () => {
    const count = (await entriesOf(admin.email)).length;
    expect((await api('POST', '/api/admin/apps/no-such-app/approve', { token: admin.token })).status).toBe(404);
    expect((await api('POST', '/api/admin/categories', { token: admin.token, body: {} })).status).toBe(400);
    expect((await api('POST', '/api/approve-user', { token: dev.token, body: { email: dev.email } })).status).toBe(403);
    expect((await entriesOf(admin.email)).length).toBe(count);
    expect((await entriesOf(dev.email, '&action=user.approve')).length).toBe(0);
  });
});

describe('GET /api/admin/audit', () => {
  it('filters by action, object and date, pages with a cursor, and is for admins only', async () => {
    const byAction = await entriesOf(admin.email, '&action=category.update');
    expect(byAction).toHaveLength(1);
    const target = must(byAction[0]).target_id;
    const byTarget = await api<AuditPage>('GET', `/api/admin/audit?target_id=${target}`, { token: mainAdmin });
    expect(byTarget.body.entries.map((e) => e.action).sort()).toEqual([
      'category.create',
      'category.delete',
      'category.update',
    ]);
    // Newest first.
    expect(must(byTarget.body.entries[0]).action).toBe('category.delete');

    const page1 = await api<AuditPage>('GET', `/api/admin/audit?actor=${admin.email}&limit=2`, { token: mainAdmin });
    expect(page1.body.entries).toHaveLength(2);
    expect(page1.body.retention_days).toBe(2192);
    const page2 = await api<AuditPage>(
      'GET',
      `/api/admin/audit?actor=${admin.email}&limit=2&cursor=${page1.body.next_cursor}`,
      {
        token: mainAdmin,
      },
    );
    expect(page2.body.entries).toHaveLength(2);
    expect(must(page2.body.entries[0]).at <= must(page1.body.entries[1]).at).toBe(true);
    expect(page2.body.entries.map((e) => e.id)).not.toContain(must(page1.body.entries[1]).id);

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const future = await api('GET', `/api/admin/audit?actor=${admin.email}&from=${tomorrow}`, { token: mainAdmin });
    expect(future.body.entries).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const todays = await api<AuditPage>('GET', `/api/admin/audit?actor=${admin.email}&from=${today}&to=${today}`, {
      token: mainAdmin,
    });
    expect(todays.body.entries.length).toBeGreaterThan(5);

    expect((await api('GET', '/api/admin/audit?cursor=bogus', { token: mainAdmin })).body.detail).toBe(
      'Invalid cursor',
    );
    expect((await api('GET', '/api/admin/audit?limit=500', { token: mainAdmin })).status).toBe(400);
    expect((await api('GET', '/api/admin/audit?from=yesterday', { token: mainAdmin })).status).toBe(400);
    expect((await api('GET', '/api/admin/audit', { token: dev.token })).status).toBe(403);
    expect((await api('GET', '/api/admin/audit')).status).toBe(401);
  });

  it('stores each entry with a TTL of the retention period', async () => {
    const entry = must((await entriesOf(admin.email))[0], 'an audit entry');
    const item = await documentClient().send(
      new GetCommand({ TableName: tableName(), Key: { PK: `AUDIT#${entry.id}`, SK: 'AUDIT' } }),
    );
    const expected = Math.floor(Date.parse(entry.at) / 1000) + 2192 * 86_400;
    expect(item.Item?.ttl).toBe(expected);
  });
});

describe('entries written while the actor was keyed by e-mail (migration audit-actor-ids)', () => {
  it("move to the actor's id, so filtering by the account finds them", async () => {
    const actorId = randomUUID();
    const email = uniqueEmail('old-actor');
    const entry: AuditEntry = {
      id: randomUUID(),
      at: new Date().toISOString(),
      action: 'app.update',
      actor_id: actorId,
      actor_email: email,
      actor_role: 'developer',
      route: 'PUT /api/apps/{id}/update',
      target_type: 'app',
      target_id: randomUUID(),
      target_label: 'An app of before',
      client_ip: '198.51.100.7',
      status: 200,
      changes: {},
    };
    const item = auditEntryItem.toItem(entry, Math.floor(Date.now() / 1000) + 86_400);
    // As the writers stored it before: the actor's partition named by the e-mail.
    await putItem({ ...item, GSI2PK: `AUDITACTOR#${email}` });
    const admin = await adminToken();
    const byId = async () =>
      (await api<AuditPage>('GET', `/api/admin/audit?actor=${actorId}&limit=100`, { token: admin })).body.entries;
    expect((await byId()).map((e) => e.id)).not.toContain(entry.id);

    expect(await auditActorIds()).toBeGreaterThanOrEqual(1);
    expect((await byId()).map((e) => e.id)).toEqual([entry.id]);
    // Run again, nothing is left to move.
    expect(await auditActorIds()).toBe(0);
  });
});
