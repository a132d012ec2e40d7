import { describe, expect, it } from 'vitest';
import { type KeyPoolPort, servingWaitingBuyers } from './key-pool';

function pool(added: number): KeyPoolPort {
  return {
    addKeys: async () => added,
    syncAvailableKeys: async () => ({ added, removed: 0 }),
    listKeys: async () => ({ keys: [], assigned: 0 }),
    countAvailable: async () => 0,
    deleteAll: async () => undefined,
  };
}

describe('servingWaitingBuyers', () => {
  it('asks for a refill when a save added keys, and not when it added none', async () => {
    const refills: string[] = [];
    const deps = { refill: async (id: string) => void refills.push(id), log: { error: () => undefined } };
    await servingWaitingBuyers(pool(2), deps).addKeys('app-1', ['a', 'b']);
    await servingWaitingBuyers(pool(1), deps).syncAvailableKeys('app-2', ['c']);
    await servingWaitingBuyers(pool(0), deps).addKeys('app-3', ['a']);
    expect(refills).toEqual(['app-1', 'app-2']);
  });

  it('never fails the save when the refill cannot be asked for; the failure is logged', async () => {
    const logged: unknown[] = [];
    const wrapped = servingWaitingBuyers(pool(3), {
      refill: async () => {
        throw new Error('queue down');
      },
      log: { error: (message, data) => void logged.push({ message, data }) },
    });
    await expect(wrapped.addKeys('app-1', ['a'])).resolves.toBe(3);
    expect(logged).toEqual([
      { message: 'serving waiting buyers not queued', data: { app_id: 'app-1', error: 'queue down' } },
    ]);
  });
});
