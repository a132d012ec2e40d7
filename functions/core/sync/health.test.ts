import { afterEach, describe, expect, it, vi } from 'vitest';
import { type HealthProbe, legacySystemProbe, probeHealth } from './health';

const NOW = new Date('2025-06-01T00:00:00Z');

describe('probeHealth', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers after 2 s when a system hangs, naming it slow (degraded), with the others measured', async () => {
    vi.useFakeTimers();
    const hanging: HealthProbe = { name: 'legacy_system', probe: () => new Promise(() => undefined) };
    const quick: HealthProbe = { name: 'table', probe: async () => ({ detail: 'GetItem answered in 3 ms' }) };
    const failing: HealthProbe = {
      name: 'mail',
      probe: async () => {
        throw new Error('connection refused');
      },
    };
    let answered = false;
    const result = probeHealth([hanging, quick], { timeoutMs: 2000, now: NOW }).then((r) => {
      answered = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(1999);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const health = await result;
    expect(health.status).toBe('degraded');
    expect(health.components).toEqual([
      { name: 'legacy_system', status: 'degraded', detail: 'slow: no answer within 2 s', latency_ms: null },
      expect.objectContaining({ name: 'table', status: 'healthy', detail: 'GetItem answered in 3 ms' }),
    ]);
    const withFailure = await probeHealth([quick, failing], { timeoutMs: 2000, now: NOW });
    expect(withFailure.status).toBe('unhealthy');
    expect(withFailure.components[1]).toMatchObject({ status: 'unhealthy', detail: 'connection refused' });
  });
});

describe('legacySystemProbe', () => {
  const legacy = (latestCursor: string | null | undefined) =>
    ({ head: async () => ({ ms: 4, latestCursor }) }) as unknown as Parameters<typeof legacySystemProbe>[0];
  const state = (cursor: string | null) => ({ get: async () => ({ cursor }) }) as never;

  it('reads degraded, naming both cursors, when the legacy system is behind the stored cursor', async () => {
    const r = await legacySystemProbe(legacy('35'), state('1320')).probe();
    expect(r).toMatchObject({ degraded: true, cursor_behind: true });
    expect(r.detail).toContain('latest cursor (35) is behind the stored cursor (1320)');
    expect((await legacySystemProbe(legacy(null), state('7')).probe()).cursor_behind).toBe(true);
  });

  it('is healthy when it is level or ahead, or when the system does not say', async () => {
    for (const [latest, stored] of [
      ['1320', '1320'],
      ['2000', '1320'],
      ['5', null],
      [undefined, '9'],
    ] as const) {
      const r = await legacySystemProbe(legacy(latest), state(stored)).probe();
      expect(r).toEqual({ detail: 'GET /health of the legacy system answered in 4 ms', degraded: false });
    }
  });
});
