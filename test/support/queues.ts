/**
 * Waiting for the system to finish what it queued, instead of sleeping: a test that asserts that
 * something did NOT happen (no second mail, no delivery to an unlicensed app) first waits until the
 * work that could have done it is over, so it fails when that work does the unwanted thing, however
 * slow the machine.
 *
 * - queuesIdle(): the local server's in-process queues (webhook deliveries, fulfilment, mail, sync)
 *   idle, asked over HTTP (GET /__local/queues/idle, local runtime only; bin/local-server.ts). The
 *   shared test server runs in Vitest's main process, a security test's own server in its worker:
 *   pass that server's URL.
 * - workerQueuesIdle(): the same for the queues of this test worker, for tests that run services
 *   straight through the adapters (their mail retries or fulfilment then queue in this process).
 *
 * Both wait for messages due within `withinMs` (default 1 s: every local redelivery and sync retry
 * delay is shorter, and an SQS-style delay of more is another attempt the test would have to wait
 * for on purpose) and fail with what is still queued after `timeoutMs`.
 */
import { expect, inject } from 'vitest';
import { type LocalQueuesIdle, whenLocalQueuesIdle } from '../../functions/adapters/queue';

/** bin/local-server.ts's LOCAL_QUEUES_IDLE_PATH (not imported: that module attaches the queue consumers it loads). */
const LOCAL_QUEUES_IDLE_PATH = '/__local/queues/idle';

export interface IdleOptions {
  /** Delayed messages due within this many ms are waited for (default 1000). */
  withinMs?: number;
  /** Fail when the queues are not idle within this many ms (default 10,000; the server allows 25,000). */
  timeoutMs?: number;
}

/** Waits until the local server at `baseUrl` (the shared test server by default) has nothing queued. */
export async function queuesIdle(
  baseUrl: string = inject('apiUrl'),
  options: IdleOptions = {},
): Promise<LocalQueuesIdle> {
  const { withinMs = 1000, timeoutMs = 10_000 } = options;
  const res = await fetch(`${baseUrl}${LOCAL_QUEUES_IDLE_PATH}?within_ms=${withinMs}&timeout_ms=${timeoutMs}`);
  const text = await res.text();
  const answer = (() => {
    try {
      return JSON.parse(text) as LocalQueuesIdle;
    } catch {
      return undefined;
    }
  })();
  expect(
    res.status === 200 && answer?.idle === true,
    `the server's queues were not idle within ${timeoutMs} ms (HTTP ${res.status}): ${text.slice(0, 500)}`,
  ).toBe(true);
  return answer as LocalQueuesIdle;
}

/** Waits until this test worker's own in-process queues have nothing queued. */
export async function workerQueuesIdle(options: IdleOptions = {}): Promise<LocalQueuesIdle> {
  const { withinMs = 1000, timeoutMs = 10_000 } = options;
  const answer = await whenLocalQueuesIdle({ withinMs, timeoutMs });
  expect(answer.idle, `this worker's queues were not idle within ${timeoutMs} ms: ${JSON.stringify(answer)}`).toBe(
    true,
  );
  return answer;
}
