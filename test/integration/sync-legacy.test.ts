/**
 * Legacy sync against the legacy-system simulator (a real HTTP server): the user merge by
 * normalised e-mail, licensed-only routing of practice events to webhook receivers on loopback
 * (verified with the standardwebhooks package), the cursor, polling with its 409s, a failed poll
 * retried by the queue into the dead-letter queue and recovered by retry-failed, and the faults.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { LoginResponse } from '@shared/schemas/accounts';
import type { LegacyEvent } from '@shared/schemas/outside-systems';
import {
  type CursorResetResponse,
  type QueueStatusResponse,
  SYNC_MSG,
  type SyncHealthResponse,
  type SyncHistoryResponse,
  type SyncRun,
  type SyncStatusResponse,
} from '@shared/schemas/sync';
import type { Webhook } from '@shared/schemas/webhooks';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { legacyAccounts } from '../../bin/simulators/legacy-system';
import { dynamoSyncStateStore } from '../../functions/adapters/dynamodb/sync-repo';
import { dynamoUsersRepository } from '../../functions/adapters/dynamodb/users-repo';
import { HEALTH_PROBE_TIMEOUT_MS, slowDetail } from '../../functions/core/sync/health';
import { eventMessageId } from '../../functions/core/webhooks/ids';
import { adminToken, api, mailsTo } from '../support/api';
import { must } from '../support/must';
import { queuesIdle } from '../support/queues';
import { listenOnWebhookPort } from '../support/receiver';
import { control, countsOf, loadEventTypes, runSync, waitFor, whileSystem } from '../support/sync';

let token: string;
let devToken: string;
const closers: Array<() => Promise<void>> = [];

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
async function receiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  const port = await listenOnWebhookPort(server);
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  return { url: `http://127.0.0.1:${port}/hooks`, received };
}

const secret = () => `whsec_${randomBytes(32).toString('base64')}`;

beforeAll(async () => {
  token = await adminToken();
  // Webhooks can subscribe to the internal event types once the catalogue is loaded.
  await loadEventTypes(token);
  const login = await api<LoginResponse>('POST', '/api/login', {
    body: { email: 'dr.chen@brightsmile.dev', password: 'demo1234' },
  });
  devToken = login.body.access_token;
}, 180_000);

afterAll(async () => {
  await control('legacy', { mode: 'ok' });
  await Promise.all(closers.map((c) => c()));
});

describe('legacy sync', { timeout: 180_000 }, () => {
  it('imports legacy accounts merged by normalised e-mail: no duplicate, local data never overwritten', async () => {
    const before = await dynamoUsersRepository.findByEmail('dr.chen@brightsmile.dev');
    const counts = async () => {
      const res = await api('GET', '/api/admin/users?page=1&limit=10', { token });
      return res.body as { awaiting_approval: number; invited: number };
    };
    const countsBefore = await counts();
    const run = await runSync(token, 'legacy_users');
    expect(run.status, run.detail ?? undefined).toBe('succeeded');
    expect(countsOf(run, 'created', 'merged', 'skipped')).toBe(50);
    expect(countsOf(run, 'merged', 'skipped')).toBeGreaterThanOrEqual(3);

    // The demo developer (legacy address in another case) is one account, unchanged.
    const after = await dynamoUsersRepository.findByEmail('dr.chen@brightsmile.dev');
    expect(after).toEqual(before);
    // Searched by address: the unpaged list holds only the newest 100 accounts of the whole suite.
    for (const email of ['dr.chen@brightsmile.dev', 'sam@molarworks.io']) {
      const found = await api<{ items: Array<{ email: string }> }>(
        'GET',
        `/api/admin/users?q=${encodeURIComponent(email)}&limit=100`,
        { token },
      );
      expect(found.body.items.filter((u) => u.email.toLowerCase() === email)).toHaveLength(1);
    }

    // The import adds nobody to "awaiting approval": its new accounts are invited.
    const countsAfter = await counts();
    expect(countsAfter.awaiting_approval).toBe(countsBefore.awaiting_approval);
    expect(countsAfter.invited).toBe(countsBefore.invited + (run.counts.created ?? 0));
    const invitedList = await api<Array<{ email: string; status: string }>>('GET', '/api/admin/users?status=invited', {
      token,
    });
    const invitedEmails = invitedList.body.map((u) => u.email);
    expect(invitedEmails.length).toBeGreaterThanOrEqual(run.counts.created ?? 0);

    // Every invited legacy address gets exactly one invitation mail with a set-password link.
    const imported = legacyAccounts().map((a) => a.email.toLowerCase());
    const invitedImports = imported.filter((e) => invitedEmails.includes(e));
    expect(invitedImports.length).toBeGreaterThan(0);
    const invitationsOf = async (email: string) =>
      (await mailsTo(email)).filter((m) => /accept-invitation\?token=/.test(m.text ?? ''));
    for (const email of invitedImports) {
      await waitFor(`the invitation of ${email}`, async () =>
        (await invitationsOf(email)).length > 0 ? true : undefined,
      );
      expect(await invitationsOf(email)).toHaveLength(1);
    }

    // A new address: an unapproved developer with no usable password.
    const anyNew = await dynamoUsersRepository.findCredentials(must(invitedImports[0]));
    expect(anyNew?.user).toMatchObject({ role: 'developer', is_approved: false, invited: true });
    expect(anyNew?.passwordHash).toBeNull();
    const login = await api('POST', '/api/login', {
      body: { email: must(anyNew, 'the new legacy account').user.email, password: 'whatever1' },
    });
    expect(login.status).toBe(401);

    // It sets its password through the invitation, signs in, and now awaits approval as any sign-up.
    const [invitation] = await invitationsOf(must(invitedImports[0]));
    const inviteToken = must(/accept-invitation\?token=([\w%-]+)/.exec(invitation?.text ?? '')?.[1], 'the link');
    const accepted = await api('POST', '/api/accept-invitation', {
      body: { token: decodeURIComponent(inviteToken), password: 'legacy-secret1' },
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const signedIn = await api<LoginResponse>('POST', '/api/login', {
      body: { email: must(invitedImports[0]), password: 'legacy-secret1' },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.role).toBe('developer');
    expect((await counts()).awaiting_approval).toBe(countsBefore.awaiting_approval + 1);
    const reused = await api('POST', '/api/accept-invitation', {
      body: { token: decodeURIComponent(inviteToken), password: 'another-secret1' },
    });
    expect(reused.status).toBe(400);

    // Again: nothing new.
    const again = await runSync(token, 'legacy_users');
    expect(again.counts).toMatchObject({ created: 0, merged: 0, skipped: 50 });
    const status = await api<SyncStatusResponse>('GET', '/api/admin/sync/status', { token });
    expect(status.body.legacy.users_synced).toBe(50);
  });

  it('routes a practice event only to webhooks of apps the practice holds a valid licence for', async () => {
    const licensed = await receiver();
    const unlicensed = await receiver();
    const licensedSecret = secret();
    const hook = await api<Webhook>('POST', '/api/apps/demo-app-chartsmile-patient-hub/webhooks', {
      token: devToken,
      body: { event_type: 'appointment.created', target_url: licensed.url, secret: licensedSecret },
    });
    expect(hook.status).toBe(201);
    const other = await api('POST', '/api/apps/demo-app-periochart-pro/webhooks', {
      token: devToken,
      body: { event_type: 'appointment.created', target_url: unlicensed.url, secret: secret() },
    });
    expect(other.status).toBe(201);

    const { emitted } = await control<{ emitted: LegacyEvent[] }>('legacy', {
      emit: [
        { practice_email: 'FrontDesk@RiversideDental.example', type: 'appointment.created', data: { n: 1 } },
        { practice_email: 'reception@pinecrestdental.example', type: 'appointment.created' }, // revoked licence
        { practice_email: 'team@summitortho.example', type: 'appointment.created' }, // no account
        { practice_email: 'frontdesk@riversidedental.example', type: 'appointment.created', data: { n: 2 } },
      ],
    });
    const ours = new Set<string>(emitted.map((e) => e.id));
    const run = await runSync(token, 'legacy_events');
    expect(run.status, run.detail ?? undefined).toBe('succeeded');
    expect(run.counts.dropped).toBeGreaterThanOrEqual(2);
    expect(run.counts.delivered).toBeGreaterThanOrEqual(2);

    const mine = () =>
      licensed.received.filter((r) => ours.has((JSON.parse(r.body) as { data: { event_id: string } }).data.event_id));
    await waitFor('two deliveries', async () => (mine().length >= 2 ? true : undefined));
    const wh = new StandardWebhook(licensedSecret);
    for (const r of mine()) {
      const payload = wh.verify(r.body, {
        'webhook-id': String(r.headers['webhook-id']),
        'webhook-timestamp': String(r.headers['webhook-timestamp']),
        'webhook-signature': String(r.headers['webhook-signature']),
      }) as { type: string; app_id: string; data: { event_id: string; practice_email: string } };
      expect(payload.type).toBe('appointment.created');
      expect(payload.app_id).toBe('demo-app-chartsmile-patient-hub');
      expect(payload.data.practice_email).toBe('frontdesk@riversidedental.example');
      expect(r.headers['webhook-id']).toBe(eventMessageId(payload.data.event_id, hook.body.id));
    }
    // Practice data never reaches an app the practice did not license: every delivery the run
    // queued has been attempted.
    await queuesIdle();
    expect(unlicensed.received).toHaveLength(0);

    // A crash before the cursor moved: the same events handed over again are not delivered twice.
    const state = await dynamoSyncStateStore.get();
    await dynamoSyncStateStore.setCursor(String(Number(must(emitted[0]).cursor) - 1), new Date().toISOString());
    const rerun = await runSync(token, 'legacy_events');
    expect(rerun.status).toBe('succeeded');
    expect(rerun.counts.fetched).toBeGreaterThanOrEqual(4);
    // The run has ended and every delivery it queued has been attempted: a second one would be here.
    await queuesIdle();
    expect(mine()).toHaveLength(2);
    expect(new Set(mine().map((r) => r.headers['webhook-id'])).size).toBe(2);
    expect(Number((await dynamoSyncStateStore.get()).cursor)).toBeGreaterThanOrEqual(Number(state.cursor));
    expect(unlicensed.received).toHaveLength(0);
  });

  const FAULTS: Array<[string, Record<string, unknown>, RegExp]> = [
    ['down', { mode: 'down' }, /^Legacy system is unreachable \(GET \/v1\/events/],
    [
      'slow past the timeout',
      { mode: 'slow', delay_ms: 5000 },
      /^Legacy system did not answer GET \/v1\/events\S* within 1500 ms$/,
    ],
    ['answering 500', { mode: 'error500' }, /^Legacy system answered HTTP 500 to GET \/v1\/events/],
    [
      'answering malformed JSON',
      { mode: 'malformed' },
      /^Legacy system answered GET \/v1\/events\S* with malformed JSON$/,
    ],
    [
      'sending events that fail validation',
      { mode: 'invalid_items' },
      /^Legacy system sent data that fails validation in GET \/v1\/events\S* \(item 1\): /,
    ],
  ];
  for (const [name, mode, detail] of FAULTS) {
    it(`a legacy_events run fails cleanly when the legacy system is ${name}, the cursor stays, a re-run converges`, async () => {
      const before = await dynamoSyncStateStore.get();
      const failed = await whileSystem('legacy', mode, () => runSync(token, 'legacy_events'));
      expect(failed.status).toBe('failed');
      expect(failed.detail).toMatch(detail);
      expect((await dynamoSyncStateStore.get()).cursor).toBe(before.cursor);
      const history = await api<SyncHistoryResponse>('GET', '/api/admin/sync/history', { token });
      expect(history.body.runs.find((r) => r.id === failed.id)).toMatchObject({
        status: 'failed',
        detail: failed.detail,
      });
      const again = await runSync(token, 'legacy_events');
      expect(again.status).toBe('succeeded');
    });
  }

  it('a legacy_users run fails cleanly when the legacy system is down', async () => {
    const failed = await whileSystem('legacy', { mode: 'down' }, () => runSync(token, 'legacy_users'));
    expect(failed.status).toBe('failed');
    expect(failed.detail).toMatch(/^Legacy system is unreachable \(GET \/v1\/accounts/);
    expect((await runSync(token, 'legacy_users')).counts).toMatchObject({ created: 0, skipped: 50 });
  });

  it('polling: start, 409 while active, polls through the queue, stop, 409 while stopped, survives in the table', async () => {
    const bad = await api('POST', '/api/admin/sync/polling/start?interval=5', { token });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toBe('interval must be a whole number of seconds from 10 to 86400');
    const start = await api('POST', '/api/admin/sync/polling/start', { token });
    expect(start.status).toBe(200);
    expect(start.body).toEqual({ message: 'Polling started', polling_active: true, interval_seconds: 60 });
    const again = await api('POST', '/api/admin/sync/polling/start?interval=30', { token });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Polling is already active');
    expect((await dynamoSyncStateStore.get()).polling_active).toBe(true);
    // The first poll runs at once, started by the scheduler.
    const poll = await waitFor(
      'a scheduler poll',
      async () => {
        const h = await api<SyncHistoryResponse>('GET', '/api/admin/sync/history', { token });
        return h.body.runs.find((r) => r.started_by === 'scheduler' && r.status === 'succeeded');
      },
      60_000,
    );
    expect(poll.sync_type).toBe('legacy_events');
    const status = await api<SyncStatusResponse>('GET', '/api/admin/sync/status', { token });
    expect(status.body.legacy).toMatchObject({ polling_active: true, polling_interval_seconds: 60 });
    expect(status.body.legacy.last_poll_at).not.toBeNull();
    const stop = await api('POST', '/api/admin/sync/polling/stop', { token });
    expect(stop.body).toEqual({ message: 'Polling stopped', polling_active: false });
    const stopAgain = await api('POST', '/api/admin/sync/polling/stop', { token });
    expect(stopAgain.status).toBe(409);
    expect(stopAgain.body.detail).toBe('Polling is not active');
    expect((await dynamoSyncStateStore.get()).polling_active).toBe(false);
  });

  it('a failed poll is retried by the queue as one run with attempts, ends in the dead-letter queue, and retry-failed recovers it', async () => {
    let failedRun: SyncRun | undefined;
    await whileSystem('legacy', { mode: 'error500' }, async () => {
      expect((await api('POST', '/api/admin/sync/polling/start?interval=3600', { token })).status).toBe(200);
      const q = await waitFor(
        'a dead-lettered poll',
        async () => {
          const s = await api<QueueStatusResponse>('GET', '/api/admin/sync/queue/status', { token });
          return s.body.failed >= 1 && s.body.failed_items.length >= 1 ? s.body : undefined;
        },
        60_000,
      );
      expect(q.failed_items[0]).toMatchObject({ kind: 'legacy_events poll', receive_count: 3 });
      expect(must(q.failed_items[0]).error).toMatch(/Legacy system answered HTTP 500/);
      // The queue's three receives of the poll are one run that counts them, not three runs.
      const failedPolls = (
        await api<SyncHistoryResponse>('GET', '/api/admin/sync/history?status=failed&sync_type=legacy_events', {
          token,
        })
      ).body.runs.filter((r) => r.started_by === 'scheduler');
      expect(failedPolls).toHaveLength(1);
      failedRun = must(failedPolls[0]);
      expect(failedRun).toMatchObject({ status: 'failed', attempts: 3 });
      const status = await api<SyncStatusResponse>('GET', '/api/admin/sync/status', { token });
      expect(status.body.legacy.last_poll).toMatchObject({ id: failedRun.id, status: 'failed', attempts: 3 });
    });
    const started = new Date().toISOString();
    const retry = await api('POST', '/api/admin/sync/queue/retry-failed', { token });
    expect(retry.status).toBe(200);
    expect(retry.body.retried).toBeGreaterThanOrEqual(1);
    expect(retry.body.message).toBe(`Re-queued ${retry.body.retried} failed items`);
    const recovered = await waitFor(
      'the re-driven poll',
      async () => {
        const h = await api<SyncHistoryResponse>('GET', '/api/admin/sync/history', { token });
        // Re-driven locally the message keeps its id, so the same run succeeds on a later attempt.
        return h.body.runs.find(
          (r) =>
            r.started_by === 'scheduler' &&
            r.status === 'succeeded' &&
            (r.started_at >= started || r.id === failedRun?.id),
        );
      },
      60_000,
    );
    expect(recovered.sync_type).toBe('legacy_events');
    const after = await api('GET', '/api/admin/sync/queue/status', { token });
    expect(after.body).toMatchObject({ failed: 0, failed_items: [] });
    await api('POST', '/api/admin/sync/polling/stop', { token });
  });

  it('health measures the real components and says how', async () => {
    const res = await api<SyncHealthResponse>('GET', '/api/admin/sync/health', { token });
    expect(res.status).toBe(200);
    const names = res.body.components.map((c) => c.name);
    expect(names).toEqual(['table', 'legacy_system', 'internal_system', 'webhook_queue', 'mail']);
    const legacy = must(
      res.body.components.find((c) => c.name === 'legacy_system'),
      'the legacy_system component',
    );
    expect(legacy.detail).toMatch(/^GET \/health of the legacy system answered in \d+ ms$/);
    await whileSystem('legacy', { mode: 'down' }, async () => {
      const down = await api<SyncHealthResponse>('GET', '/api/admin/sync/health', { token });
      expect(down.body.status).toBe('unhealthy');
      expect(down.body.components.find((c) => c.name === 'legacy_system')).toMatchObject({
        status: 'unhealthy',
        latency_ms: null,
      });
    });
  });

  it('a simulator restarted between two polls continues its sequence: events still flow', async () => {
    const legacyHealth = async () =>
      (await (await fetch(`${inject('stackEnv').LEGACY_SYSTEM_URL}/health`)).json()) as {
        started_at: string;
        latest_cursor: string | null;
      };
    await control('legacy', { emit: { practice_email: 'frontdesk@riversidedental.example', type: 'patient.created' } });
    expect((await runSync(token, 'legacy_events')).status).toBe('succeeded');
    const stored = must((await dynamoSyncStateStore.get()).cursor, 'the stored cursor');

    const before = await legacyHealth();
    await control('legacy', { restart: true });
    await waitFor('the restarted legacy system', async () => {
      const h = await legacyHealth().catch(() => undefined);
      return h && h.started_at !== before.started_at ? h : undefined;
    });
    const { emitted } = await control<{ emitted: LegacyEvent[] }>('legacy', {
      emit: { practice_email: 'frontdesk@riversidedental.example', type: 'patient.created' },
    });
    const event = must(emitted[0], 'the emitted event');
    expect(BigInt(event.cursor)).toBeGreaterThan(BigInt(stored));

    const second = await runSync(token, 'legacy_events');
    expect(second.status, second.detail ?? undefined).toBe('succeeded');
    expect(second.counts.fetched).toBeGreaterThanOrEqual(1);
    expect(BigInt(must((await dynamoSyncStateStore.get()).cursor, 'cursor'))).toBeGreaterThanOrEqual(
      BigInt(event.cursor),
    );
    const health = await api<SyncHealthResponse>('GET', '/api/admin/sync/health', { token });
    expect(health.body.components.find((c) => c.name === 'legacy_system')).toMatchObject({ status: 'healthy' });
  });

  it('a stored cursor ahead of the legacy system reads degraded until an admin resets it, then events flow', async () => {
    await control('legacy', { emit: { practice_email: 'frontdesk@riversidedental.example', type: 'patient.created' } });
    expect((await runSync(token, 'legacy_events')).status).toBe('succeeded');
    const stored = must((await dynamoSyncStateStore.get()).cursor, 'the stored cursor');
    // Nothing to reset while the cursor is not behind.
    const early = await api('POST', '/api/admin/sync/cursor/reset', { token });
    expect(early.status).toBe(409);
    expect(early.body.detail).toBe(SYNC_MSG.cursorNotBehind);

    // The legacy system is restored from an old backup: its log ends before our cursor.
    await control('legacy', { restore_to: '0' });
    const health = await api<SyncHealthResponse>('GET', '/api/admin/sync/health', { token });
    expect(health.body.status).not.toBe('healthy');
    const legacy = must(
      health.body.components.find((c) => c.name === 'legacy_system'),
      'legacy_system',
    );
    expect(legacy).toMatchObject({ status: 'degraded', cursor_behind: true });
    expect(legacy.detail).toContain(`is behind the stored cursor (${stored})`);

    expect((await api('POST', '/api/admin/sync/cursor/reset', { token: devToken })).status).toBe(403);
    const reset = await api<CursorResetResponse>('POST', '/api/admin/sync/cursor/reset', { token });
    expect(reset.status).toBe(200);
    expect(reset.body.previous_cursor).toBe(stored);
    expect(reset.body.cursor === null || BigInt(reset.body.cursor) < BigInt(stored)).toBe(true);
    expect((await dynamoSyncStateStore.get()).cursor).toBe(reset.body.cursor);

    const { emitted } = await control<{ emitted: LegacyEvent[] }>('legacy', {
      emit: { practice_email: 'frontdesk@riversidedental.example', type: 'patient.created' },
    });
    const run = await runSync(token, 'legacy_events');
    expect(run.status, run.detail ?? undefined).toBe('succeeded');
    expect(run.counts.fetched).toBeGreaterThanOrEqual(1);
    expect(BigInt(must((await dynamoSyncStateStore.get()).cursor, 'cursor'))).toBeGreaterThanOrEqual(
      BigInt(must(emitted[0], 'emitted').cursor),
    );
    const healed = await api<SyncHealthResponse>('GET', '/api/admin/sync/health', { token });
    expect(healed.body.components.find((c) => c.name === 'legacy_system')).toMatchObject({ status: 'healthy' });
  });

  it('health gives a slow legacy system 2 s and reports it "slow" (degraded) without waiting for it', async () => {
    await whileSystem('legacy', { mode: 'slow', delay_ms: 30_000 }, async () => {
      const started = Date.now();
      const res = await api<SyncHealthResponse>('GET', '/api/admin/sync/health', { token });
      const took = Date.now() - started;
      expect(res.status).toBe(200);
      expect(res.body.components.find((c) => c.name === 'legacy_system')).toEqual({
        name: 'legacy_system',
        status: 'degraded',
        detail: slowDetail(HEALTH_PROBE_TIMEOUT_MS),
        latency_ms: null,
      });
      expect(res.body.status).not.toBe('healthy');
      // The answer came at the probe's limit, not after the system's 30 s (nor the sync's 10 s timeout).
      expect(took).toBeGreaterThanOrEqual(HEALTH_PROBE_TIMEOUT_MS - 100);
      expect(took).toBeLessThan(9_000);
    });
  });

  it('a developer cannot reach the sync routes', async () => {
    expect((await api('GET', '/api/admin/sync/status', { token: devToken })).status).toBe(403);
    expect((await api('POST', '/api/internal-sync/load', { token: devToken })).status).toBe(403);
  });
});
