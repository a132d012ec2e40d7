/**
 * GET /api/admin/sync/health: every probe at once, each given at most `timeoutMs` (the Dashboard
 * shows health while an admin waits, so a slow system must not hold it for the 10 s sync timeout).
 * A probe past its time reads degraded with a "slow" detail; one that fails, unhealthy.
 */
import type { HealthComponent, SyncHealthResponse } from '../../../shared/schemas/sync';

export interface HealthProbe {
  name: HealthComponent['name'];
  /** Resolves with how it was measured; throws when the component is not usable. */
  probe(): Promise<{ detail: string; degraded?: boolean }>;
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
