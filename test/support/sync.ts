/** Helpers of the sync tests: the simulators' control endpoint, and waiting for a run to end. */

import type { SyncHistoryResponse, SyncRun, TriggerSyncResponse } from '@shared/schemas/sync';
import { expect, inject, vi } from 'vitest';
import { api, type JsonBody } from './api';
import { must } from './must';

export async function control<T = JsonBody>(system: 'internal' | 'legacy', body: Record<string, unknown>): Promise<T> {
  const env = inject('stackEnv');
  const base = system === 'internal' ? env.INTERNAL_SYSTEM_URL : env.LEGACY_SYSTEM_URL;
  const res = await fetch(`${base}/__control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${system} failed: ${res.status}`);
  return (await res.json()) as T;
}

/** Runs `body` while the system's simulator is in `mode`, and sets it back to ok however `body` ends. */
export async function whileSystem<T>(
  system: 'internal' | 'legacy',
  mode: Record<string, unknown>,
  body: () => Promise<T>,
): Promise<T> {
  await control(system, mode);
  try {
    return await body();
  } finally {
    await control(system, { mode: 'ok' });
  }
}

/** The sum of a run's counts by name; a count the run does not report fails the test. */
export const countsOf = (run: SyncRun, ...names: string[]) =>
  names.reduce((sum, name) => sum + must(run.counts[name], `count ${name} of run ${run.id}`), 0);

/** Polls `check` (vi.waitFor, every 100 ms) until it gives a value; fails naming `what` after `timeoutMs`. */
export function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await check();
      if (value === undefined) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
      return value;
    },
    { timeout: timeoutMs, interval: 100 },
  );
}

/** Waits until the run has ended (succeeded or failed) and returns it as the history shows it. */
export function waitForRun(token: string, runId: string, timeoutMs = 150_000): Promise<SyncRun> {
  return waitFor(
    `run ${runId}`,
    async () => {
      const res = await api<SyncHistoryResponse>('GET', '/api/admin/sync/history?limit=100', { token });
      const run = res.body.runs.find((r) => r.id === runId);
      return run && (run.status === 'succeeded' || run.status === 'failed') ? run : undefined;
    },
    timeoutMs,
  );
}

/** Triggers a sync type (retrying while another run of its lock group finishes) and waits for it. */
export async function runSync(token: string, syncType: string): Promise<SyncRun> {
  const res = await waitFor(
    'a free sync lock',
    async () => {
      const r = await api<TriggerSyncResponse>('POST', '/api/admin/sync/trigger', {
        token,
        body: { sync_type: syncType },
      });
      return r.status === 409 ? undefined : r;
    },
    150_000,
  );
  if (res.status !== 202) throw new Error(`trigger ${syncType}: ${res.status} ${JSON.stringify(res.body)}`);
  return waitForRun(token, res.body.run.id);
}

/**
 * Both simulators answering normally and the internal catalogue's event types loaded
 * (`internal_events`): what a test needs before it subscribes webhooks to outside-system events.
 */
export async function loadEventTypes(adminToken: string): Promise<void> {
  await control('legacy', { mode: 'ok' });
  await control('internal', { mode: 'ok', omit: null });
  const run = await runSync(adminToken, 'internal_events');
  expect(run.status, run.detail ?? undefined).toBe('succeeded');
}
