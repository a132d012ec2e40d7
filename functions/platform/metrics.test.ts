import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envForTests } from '../testing/env';
import { countMetric, flushMetrics } from './metrics';

/** The business metrics leave one EMF line per invocation, in the namespace and with the service the dashboard reads. */
describe('business metrics', () => {
  let lines: string[];
  // SCRYPT_LOG2_N is cleared: the test stack lowers it in the runner's environment; the cloud refuses that.
  const setEnv = envForTests(['RUNTIME', 'SCRYPT_LOG2_N']);
  beforeEach(() => {
    lines = [];
    const capture = (chunk: unknown) => {
      lines.push(String(chunk));
      return true;
    };
    vi.spyOn(process.stdout, 'write').mockImplementation(capture as typeof process.stdout.write);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const cloud = () => {
    process.env.JWT_SECRET ??= 'unit-test-secret-unit-test-secret-0123';
    setEnv({ RUNTIME: 'aws' });
  };

  it('flushes what the invocation counted as one EMF line, then nothing more', () => {
    cloud();
    countMetric('checkoutCompletedPaid');
    countMetric('syncItemsChanged', 7);
    countMetric('syncItemsChanged', 0); // nothing changed: not counted
    flushMetrics();
    flushMetrics();
    expect(lines).toHaveLength(1);
    const emf = JSON.parse(lines[0] ?? '{}');
    expect(emf._aws.CloudWatchMetrics[0].Namespace).toBe('DentalMarketplace');
    expect(emf.service).toBe('dental-marketplace');
    expect(emf.CheckoutsCompletedPaid).toBe(1);
    expect(emf.SyncItemsChanged).toBe(7);
  });

  it('records nothing in the local runtime', () => {
    setEnv({ RUNTIME: 'local' });
    countMetric('webhookDelivered');
    flushMetrics();
    expect(lines).toHaveLength(0);
  });
});
