/**
 * Licence delivery in the background. Paying, a free grant and new pool keys no
 * longer deliver inside the API request (a developer's licence webhook alone may take 34 s): they
 * enqueue a message and answer at once; the fulfilment worker (SQS + Lambda in the cloud, the
 * in-process queue locally) does the work with the same retries and manual fallback as before.
 *
 * Exactly once, as before: whoever completes a purchase writes it with fulfilment 'pending' and a
 * lease (fulfilment_lease_until) and hands that lease over in the message. The worker takes it in
 * one conditional write; a duplicate message (SQS delivers at least once) finds the lease taken
 * and is dropped: the holder's own message stays on the queue until it is done. A worker that fails
 * gives its lease back and the queue retries its message; one that died leaves a lease that runs
 * out (FULFILMENT_LEASE_MS) before SQS shows the message again (the visibility timeout is longer),
 * so the retry takes it over. Every licence write stays conditional on the purchase still waiting
 * (fulfilment.ts), so even two workers could never assign two keys.
 */
import type { PurchaseRepository } from '../purchases/ports';
import { FULFILMENT_LEASE_MS, type PurchaseRecord } from '../purchases/purchase';
import type { Log } from '../users/ports';
import type { LicenceFulfilment } from './fulfilment';

export type FulfilmentMessage =
  /** Deliver the licence of a completed purchase. */
  | { kind: 'purchase'; purchase_id: string; lease_until: number | null }
  /** New pool keys: serve the app's buyers waiting on an empty pool (out_of_stock). */
  | { kind: 'refill'; app_id: string };

export interface FulfilmentQueuePort {
  send(body: string): Promise<void>;
}

export function parseFulfilmentMessage(body: string): FulfilmentMessage {
  const m = JSON.parse(body) as Partial<Record<string, unknown>>;
  if (m.kind === 'purchase' && typeof m.purchase_id === 'string') {
    return {
      kind: 'purchase',
      purchase_id: m.purchase_id,
      lease_until: typeof m.lease_until === 'number' ? m.lease_until : null,
    };
  }
  if (m.kind === 'refill' && typeof m.app_id === 'string') return { kind: 'refill', app_id: m.app_id };
  throw new Error('not a fulfilment message');
}

/**
 * What the API side uses in place of the delivery itself: `fulfil` enqueues the purchase (with the
 * lease it was completed under) and returns null (nothing delivered yet); `refill` enqueues a pool
 * refill. Both resolve once the message is queued.
 */
export function createQueuedFulfilment(queue: FulfilmentQueuePort) {
  const send = (message: FulfilmentMessage) => queue.send(JSON.stringify(message));
  return {
    async fulfil(purchase: Pick<PurchaseRecord, 'id' | 'fulfilment_lease_until'>): Promise<null> {
      await send({ kind: 'purchase', purchase_id: purchase.id, lease_until: purchase.fulfilment_lease_until });
      return null;
    },
    async refill(appId: string): Promise<void> {
      await send({ kind: 'refill', app_id: appId });
    },
  };
}

export interface FulfilmentWorkerDeps {
  purchases: Pick<PurchaseRepository, 'getById' | 'takeFulfilment' | 'releaseFulfilment'>;
  fulfilment: Pick<LicenceFulfilment, 'fulfil' | 'retryOutOfStock'>;
  log: Log;
  now?: () => Date;
}

/** The consumer of the fulfilment queue. Throwing leaves the message to the queue (retry, then dead letter). */
export function createFulfilmentWorker(deps: FulfilmentWorkerDeps) {
  const { purchases, fulfilment, log } = deps;
  const now = deps.now ?? (() => new Date());
  const waiting = (p: PurchaseRecord | undefined): p is PurchaseRecord =>
    p?.status === 'completed' && p.fulfilment === 'pending';

  async function deliver(purchaseId: string, handedOver: number | null): Promise<'delivered' | 'done' | 'duplicate'> {
    const purchase = await purchases.getById(purchaseId);
    if (!waiting(purchase)) return 'done';
    const at = now().getTime();
    // A new lease, never equal to the handed-over one, so a duplicate of this message cannot take it.
    const until = Math.max(at + FULFILMENT_LEASE_MS, (handedOver ?? 0) + 1);
    if (!(await purchases.takeFulfilment(purchaseId, handedOver, at, until))) return 'duplicate';
    try {
      await fulfilment.fulfil({ ...purchase, fulfilment_lease_until: until });
    } catch (err) {
      await purchases.releaseFulfilment(purchaseId, until).catch(() => undefined);
      throw err;
    }
    return 'delivered';
  }

  return {
    async handle(body: string): Promise<void> {
      const message = parseFulfilmentMessage(body);
      if (message.kind === 'refill') {
        const served = await fulfilment.retryOutOfStock(message.app_id);
        if (served > 0) log.info('waiting buyers served from new pool keys', { app_id: message.app_id, served });
        return;
      }
      const outcome = await deliver(message.purchase_id, message.lease_until);
      if (outcome !== 'delivered') {
        log.info('fulfilment message dropped', { purchase_id: message.purchase_id, reason: outcome });
      }
    },
  };
}

export type FulfilmentWorker = ReturnType<typeof createFulfilmentWorker>;
