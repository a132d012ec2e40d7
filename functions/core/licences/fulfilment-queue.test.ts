import { describe, expect, it } from 'vitest';
import { FULFILMENT_LEASE_MS, type PurchaseRecord } from '../purchases/purchase';
import { memoryStore } from '../purchases/testing';
import { createFulfilmentWorker, createQueuedFulfilment, parseFulfilmentMessage } from './fulfilment-queue';

const silent = { info() {}, warn() {}, error() {} };
const T0 = Date.parse('2026-03-01T10:00:00Z');

function completed(id: string, lease: number | null): PurchaseRecord {
  return {
    id,
    status: 'completed',
    license_status: 'manual_pending',
    fulfilment: 'pending',
    fulfilment_lease_until: lease,
  } as PurchaseRecord;
}

function setup(opts: { failFirst?: boolean } = {}) {
  const mem = memoryStore();
  const sent: string[] = [];
  const delivered: string[] = [];
  const refills: string[] = [];
  let clock = T0;
  let failures = opts.failFirst ? 1 : 0;
  const worker = createFulfilmentWorker({
    purchases: mem.repo,
    log: silent,
    now: () => new Date(clock),
    fulfilment: {
      async fulfil(p) {
        if (failures-- > 0) throw new Error('DynamoDB unavailable');
        delivered.push(p.id);
        Object.assign(mem.purchases.get(p.id) as PurchaseRecord, { fulfilment: 'done', license_status: 'assigned' });
        return null;
      },
      async retryOutOfStock(appId) {
        refills.push(appId);
        return 0;
      },
    },
  });
  const queued = createQueuedFulfilment({ send: async (body) => void sent.push(body) });
  return { mem, sent, delivered, refills, worker, queued, tick: (ms: number) => (clock += ms) };
}

describe('queued licence delivery', () => {
  it('the API side only enqueues the purchase with the lease it completed it under', async () => {
    const { queued, sent } = setup();
    expect(await queued.fulfil({ id: 'p1', fulfilment_lease_until: T0 + FULFILMENT_LEASE_MS })).toBeNull();
    await queued.refill('app-1');
    expect(sent.map(parseFulfilmentMessage)).toEqual([
      { kind: 'purchase', purchase_id: 'p1', lease_until: T0 + FULFILMENT_LEASE_MS },
      { kind: 'refill', app_id: 'app-1' },
    ]);
  });

  it('duplicate messages (at-least-once queues, concurrent receives) deliver once', async () => {
    const { mem, worker, delivered, queued, sent } = setup();
    const lease = T0 + FULFILMENT_LEASE_MS;
    mem.purchases.set('p1', completed('p1', lease));
    await queued.fulfil({ id: 'p1', fulfilment_lease_until: lease });
    const body = sent[0] as string;
    await Promise.all([worker.handle(body), worker.handle(body), worker.handle(body)]);
    await worker.handle(body);
    expect(delivered).toEqual(['p1']);
  });

  it('a message whose lease another worker took is dropped; a lease that ran out is taken over', async () => {
    const { mem, worker, delivered, tick } = setup();
    // Someone else took a fresh lease: this message is a duplicate.
    mem.purchases.set('p2', completed('p2', T0 + 60_000));
    await worker.handle(JSON.stringify({ kind: 'purchase', purchase_id: 'p2', lease_until: T0 + 1 }));
    expect(delivered).toEqual([]);
    // That worker died: once its lease ran out, the queue's retry delivers.
    tick(61_000);
    await worker.handle(JSON.stringify({ kind: 'purchase', purchase_id: 'p2', lease_until: T0 + 1 }));
    expect(delivered).toEqual(['p2']);
  });

  it('a failed delivery gives its lease back and throws, so the queue retry delivers at once', async () => {
    const { mem, worker, delivered } = setup({ failFirst: true });
    const lease = T0 + FULFILMENT_LEASE_MS;
    mem.purchases.set('p3', completed('p3', lease));
    const body = JSON.stringify({ kind: 'purchase', purchase_id: 'p3', lease_until: lease });
    await expect(worker.handle(body)).rejects.toThrow('DynamoDB unavailable');
    expect(mem.purchases.get('p3')?.fulfilment_lease_until).toBe(0);
    await worker.handle(body);
    expect(delivered).toEqual(['p3']);
  });

  it('refills serve the waiting buyers of the app; unknown messages are refused', async () => {
    const { worker, refills } = setup();
    await worker.handle(JSON.stringify({ kind: 'refill', app_id: 'app-9' }));
    expect(refills).toEqual(['app-9']);
    await expect(worker.handle('{"kind":"other"}')).rejects.toThrow('not a fulfilment message');
  });
});
