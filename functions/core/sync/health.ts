/**
 * GET /api/admin/sync/health: every probe at once, each given at most `timeoutMs` (the Dashboard
 * shows health while an admin waits, so a slow system must not hold it for the 10 s sync timeout).
 * A probe past its time reads degraded with a "slow" detail; one that fails, unhealthy.
 */
import { type HealthComponent, SYNC_MSG, type SyncHealthResponse } from '@shared/schemas/sync';
import type { LegacySystem, SyncStateStore } from './ports';

export interface HealthProbe {
  name: HealthComponent['name'];
  /** Resolves with how it was measured; throws when the component is not usable. */
  probe(): Promise<{ detail: string; degraded?: boolean; cursor_behind?: boolean }>;
}

/** Each probe's time limit unless wiring says otherwise. */
export const HEALTH_PROBE_TIMEOUT_MS = 2000;

export const slowDetail = (timeoutMs: number) => `slow: no answer within ${timeoutMs / 1000} s`;

const SLOW = Symbol('slow');

async function runProbe(h: HealthProbe, timeoutMs: number): Promise<HealthComponent> {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<typeof SLOW>((resolve) => {
    timer = setTimeout(() => resolve(SLOW), timeoutMs);
  });
  try {
    const r = await Promise.race([h.probe(), slow]);
    if (r === SLOW) return { name: h.name, status: 'degraded', detail: slowDetail(timeoutMs), latency_ms: null };
    return {
      name: h.name,
      status: r.degraded ? 'degraded' : 'healthy',
      detail: r.detail,
      latency_ms: Date.now() - started,
      ...(r.cursor_behind ? { cursor_behind: true } : {}),
    };
  } catch (err) {
    return { name: h.name, status: 'unhealthy', detail: (err as Error).message, latency_ms: null };
  } finally {
    clearTimeout(timer);
  }
}

export async function probeHealth(
  probes: HealthProbe[],
  opts: { timeoutMs: number; now: Date | (() => Date) },
): Promise<SyncHealthResponse> {
  const components = await Promise.all(probes.map((h) => runProbe(h, opts.timeoutMs)));
  const status = components.some((c) => c.status === 'unhealthy')
    ? 'unhealthy'
    : components.some((c) => c.status === 'degraded')
      ? 'degraded'
      : 'healthy';
  const at = typeof opts.now === 'function' ? opts.now() : opts.now;
  return { status, checked_at: at.toISOString(), components };
}

/** Whether the stored cursor is past the newest event the legacy system has (polls would fetch nothing). */
export const cursorBehind = (latest: string | null, stored: string | null): stored is string =>
  stored !== null && (latest === null || BigInt(latest) < BigInt(stored));

/**
 * The legacy system's GET /health, and its newest cursor against ours: behind it reads degraded with
 * a detail that says so (the stream would otherwise stall silently until the source passes ours).
 */
export const legacySystemProbe = (legacy: LegacySystem, state: Pick<SyncStateStore, 'get'>): HealthProbe => ({
  name: 'legacy_system',
  async probe() {
    const [{ ms, latestCursor }, { cursor }] = await Promise.all([legacy.head(), state.get()]);
    const answered = `GET /health of the legacy system answered in ${ms} ms`;
    if (latestCursor !== undefined && cursorBehind(latestCursor, cursor)) {
      return {
        detail: `${answered}. ${SYNC_MSG.cursorBehind(latestCursor, cursor)}`,
        degraded: true,
        cursor_behind: true,
      };
    }
    return { detail: answered, degraded: ms > 2000 };
  },
});
