/**
 * The local server's "queues idle" call (GET /__local/queues/idle, bin/local-server.ts), which the
 * tests' negative checks wait for instead of sleeping (test/support/queues.ts): it answers only
 * once the in-process queues are idle, says what is still queued when they are not, and sits
 * behind the same Host check as everything else.
 */
import type { ServerResponse } from 'node:http';
import type { Webhook } from '@shared/schemas/webhooks';
import { describe, expect, it } from 'vitest';
import { api, apiUrl, approvedDeveloper } from '../support/api';
import { queuesIdle } from '../support/queues';
import { startServer } from '../support/receiver';

const idleCall = (query = '') => fetch(`${apiUrl()}/__local/queues/idle${query}`);

describe('GET /__local/queues/idle (local runtime only)', () => {
  it('waits for a webhook delivery in flight: 503 with what is queued until it ends, then 200', async () => {
    // A developer's endpoint that holds its answer until the test lets it go.
    const held: ServerResponse[] = [];
    const receiver = await startServer((_req, _body, res) => {
      held.push(res);
    });
    try {
      const dev = await approvedDeveloper();
      const app = await api('POST', '/api/apps', { token: dev.token, body: { name: 'Idle probe', type: 'internal' } });
      expect(app.status).toBe(201);
      const appId = app.body.id as string;
      const hook = await api<Webhook>('POST', `/api/apps/${appId}/webhooks`, {
        token: dev.token,
        body: { event_type: 'license.purchased', target_url: receiver.url },
      });
      expect(hook.status).toBe(201);
      const sent = await api('POST', '/api/simulate-event', {
        token: dev.token,
        body: { app_id: appId, event_type: 'license.purchased', data: { probe: true } },
      });
      expect(sent.status).toBe(200);
      await expect.poll(() => held.length, { message: 'the delivery reached the receiver' }).toBe(1);

      const busy = await idleCall('?timeout_ms=300');
      expect(busy.status).toBe(503);
      expect(busy.headers.get('cache-control')).toBe('no-store');
      const answer = (await busy.json()) as { idle: boolean; queues: Record<string, { inFlight: number }> };
      expect(answer.idle).toBe(false);
      expect(answer.queues['webhook deliveries']?.inFlight).toBeGreaterThanOrEqual(1);

      // Asked while busy, it answers once the delivery has ended.
      const waiting = idleCall('?timeout_ms=10000');
      for (const res of held) res.writeHead(200).end('ok');
      const idle = await waiting;
      expect(idle.status).toBe(200);
      expect(await idle.json()).toMatchObject({ idle: true, queues: { 'webhook deliveries': { inFlight: 0 } } });
      expect(receiver.received).toHaveLength(1);
    } finally {
      for (const res of held) if (!res.writableEnded) res.end();
      await receiver.close();
    }
  });

  it('answers idle with every queue it knows, and the helper says so', async () => {
    const answer = await queuesIdle();
    expect(answer.idle).toBe(true);
    for (const activity of Object.values(answer.queues)) {
      expect(activity).toMatchObject({ waiting: 0, inFlight: 0, dueSoon: 0 });
    }
  });

  it('is behind the Host check and answers GET only', async () => {
    const port = new URL(apiUrl()).port;
    const { request } = await import('node:http');
    const status = await new Promise<number>((done, fail) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/__local/queues/idle', headers: { host: 'evil.example' } },
        (res) => {
          res.resume();
          done(res.statusCode ?? 0);
        },
      );
      req.on('error', fail);
      req.end();
    });
    expect(status).toBe(403);
    const post = await fetch(`${apiUrl()}/__local/queues/idle`, { method: 'POST' });
    expect(post.headers.get('content-type') ?? '').not.toContain('application/json');
  });
});
