/** Helpers of the sync tests: the simulators' control endpoint, and waiting for a run to end. */
import { inject } from 'vitest';
import { api } from './api';

export async function control(system: 'internal' | 'legacy', body: Record<string, unknown>): Promise<any> {
  const env = inject('stackEnv');
  const base = system === 'internal' ? env.INTERNAL_SYSTEM_URL : env.LEGACY_SYSTEM_URL;
  const res = await fetch(`${base}/__control`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${system} failed: ${res.status}`);
  return res.json();
}

export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const v = await check();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Waits until the run has ended (succeeded or failed) and returns it as the history shows it. */
export function waitForRun(token: string, runId: string, timeoutMs = 150_000): Promise<any> {
  return waitFor(
    `run ${runId}`,
    async () => {
      const res = await api('GET', '/api/admin/sync/history?limit=100', { token });
      const run = res.body.runs.find((r: any) => r.id === runId);
      return run && (run.status === 'succeeded' || run.status === 'failed') ? run : undefined;
    },
    timeoutMs,
  );
}

/** Triggers a sync type (retrying while another run of its lock group finishes) and waits for it. */
export async function runSync(token: string, syncType: string): Promise<any> {
  const res = await waitFor(
    'a free sync lock',
    async () => {
      const r = await api('POST', '/api/admin/sync/trigger', { token, body: { sync_type: syncType } });
      return r.status === 409 ? undefined : r;
    },
    150_000,
  );
  if (res.status !== 202) throw new Error(`trigger ${syncType}: ${res.status} ${JSON.stringify(res.body)}`);
  return waitForRun(token, res.body.run.id);
}
