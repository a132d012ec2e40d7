import { describe, expect, it } from 'vitest';
import { createSyncJobConsumer } from './job-consumer';

function setup(fail: boolean) {
  const recorded: Array<{ id: string; kind: string; receive_count: number }> = [];
  const errors: string[] = [];
  const consumer = createSyncJobConsumer({
    handleJob: async () => {
      if (fail) throw new Error('legacy system down');
    },
    maxReceiveCount: 3,
    failed: { put: async (item) => void recorded.push(item) },
    log: { error: (msg) => void errors.push(msg) },
    now: () => new Date('2026-01-02T03:04:05Z'),
  });
  return { consumer, recorded, errors };
}

const poll = JSON.stringify({ kind: 'poll', at: '2026-01-02T03:00:00Z' });

describe('the sync queue consumer', () => {
  it('throws a failing job back to the queue and records it on its last receive only', async () => {
    const { consumer, recorded } = setup(true);
    await expect(consumer.consume({ messageId: 'm1', body: poll, receiveCount: 2 })).rejects.toThrow(
      'legacy system down',
    );
    expect(recorded).toEqual([]);
    await expect(consumer.consume({ messageId: 'm1', body: poll, receiveCount: 3 })).rejects.toThrow(
      'legacy system down',
    );
    expect(recorded).toEqual([
      {
        id: 'm1',
        kind: 'legacy_events poll',
        error: 'legacy system down',
        failed_at: '2026-01-02T03:04:05.000Z',
        receive_count: 3,
        body: poll,
      },
    ]);
  });

  it('drops a job that is not JSON (no receive can fix it)', async () => {
    const { consumer, recorded, errors } = setup(false);
    await expect(consumer.consume({ messageId: 'm2', body: 'not json', receiveCount: 1 })).resolves.toBeUndefined();
    expect(recorded).toEqual([]);
    expect(errors).toEqual(['sync job is not JSON; dropped']);
  });
});
