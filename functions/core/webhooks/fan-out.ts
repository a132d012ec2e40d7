/**
 * The first half of the delivery pipeline (delivery-pipeline.ts): an event fans out to the app's
 * active webhooks for its type, each delivery stored and its first attempt queued. This is all a
 * publisher needs (the checkout function's licence events); the worker half (signing, sending,
 * retrying, logging, disabling) is not in it, so publishers carry none of it.
 */
import type { DeliverySummary } from '@shared/schemas/webhooks';
import { ValidationError } from '../errors';
import { eventMessageId, newMessageId } from './ids';
import type { DeliveryStore, Log, MessageQueue, WebhookStore } from './ports';
import type { DeliveryRecord } from './webhook';

/** The pipeline's options that fanning out uses (DEFAULT_PIPELINE_OPTIONS starts from these). */
export interface FanOutOptions {
  /** How long after its intended time a queued attempt is enqueued again by the scheduler. */
  watchdogSeconds: number;
  /** Longer than the logs' TTL plus the retry window, so every kept log can be replayed. */
  deliveryTtlSeconds: number;
  maxPayloadBytes: number;
}

export const DEFAULT_FAN_OUT_OPTIONS: FanOutOptions = {
  watchdogSeconds: 300,
  deliveryTtlSeconds: 35 * 24 * 3600,
  maxPayloadBytes: 256 * 1024,
};

export interface FanOutDeps {
  webhooks: Pick<WebhookStore, 'listByApp'>;
  deliveries: Pick<DeliveryStore, 'create'>;
  queue: MessageQueue;
  log?: Log;
  /** Epoch milliseconds. */
  now?: () => number;
}

export interface FanOutEventOptions {
  sourceEventId?: string;
  /** A practice's event (patient data): delivered only while the app is listed. */
  practiceEvent?: boolean;
  timestamp?: string;
}

const silentLog: Log = { info() {}, warn() {}, error() {} };
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Hands attempt `attempt` of a delivery to the queue (a message that only names the delivery and
 * the attempt: delivery-pipeline.ts DeliveryMessage); false (logged) when the queue refused it.
 */
export async function enqueueAttempt(
  queue: MessageQueue,
  log: Log,
  deliveryId: string,
  attempt: number,
  delaySeconds: number,
): Promise<boolean> {
  try {
    await queue.send(JSON.stringify({ delivery_id: deliveryId, attempt }), { delaySeconds });
    return true;
  } catch (err) {
    // The delivery keeps its watchdog due time: the scheduler enqueues it again.
    log.error('webhook enqueue failed', { deliveryId, attempt, error: (err as Error).message });
    return false;
  }
}

/**
 * `sourceEventId` (an outside event handed over by the sync) makes the fan-out idempotent:
 * each delivery's id (the Standard Webhooks `webhook-id`) is derived from the event's id and
 * the webhook, so handing the same event over again (a crash before the cursor moved) finds
 * the deliveries already there and neither loses nor duplicates one.
 */
export function createFanOut(deps: FanOutDeps, opts: FanOutOptions = DEFAULT_FAN_OUT_OPTIONS) {
  const { webhooks, deliveries, queue } = deps;
  const log = deps.log ?? silentLog;
  const clock = deps.now ?? (() => Date.now());

  return async function fanOut(
    appId: string,
    eventType: string,
    data: unknown,
    options: FanOutEventOptions = {},
  ): Promise<DeliverySummary> {
    const now = clock();
    const payload = JSON.stringify({
      type: eventType,
      timestamp: options.timestamp ?? iso(now),
      data: data ?? {},
      app_id: appId,
    });
    if (Buffer.byteLength(payload, 'utf8') > opts.maxPayloadBytes) {
      throw new ValidationError(`Event data is too large: at most ${Math.floor(opts.maxPayloadBytes / 1024)} KB`);
    }
    const targets = (await webhooks.listByApp(appId)).filter((w) => w.is_active && w.event_type === eventType);
    const results = await Promise.all(
      targets.map(async (webhook) => {
        const delivery: DeliveryRecord = {
          id: options.sourceEventId ? eventMessageId(options.sourceEventId, webhook.id) : newMessageId(now),
          webhook_id: webhook.id,
          app_id: appId,
          event_type: eventType,
          payload,
          created_at: iso(now),
          status: 'pending',
          attempt: 0,
          schedule_step: 0,
          no_retry: false,
          practice_event: options.practiceEvent === true,
          lease_until: null,
          due_at: now + opts.watchdogSeconds * 1000,
          outcome: null,
        };
        try {
          await deliveries.create(delivery, opts.deliveryTtlSeconds);
        } catch (err) {
          // Already handed over earlier: its own enqueue or the watchdog delivers it.
          if (options.sourceEventId && (err as Error).name === 'ConditionalCheckFailedException') {
            return { id: delivery.id, queued: true };
          }
          throw err;
        }
        return { id: delivery.id, queued: await enqueueAttempt(queue, log, delivery.id, 0, 0) };
      }),
    );
    return {
      webhooks: targets.length,
      queued: results.filter((r) => r.queued).length,
      event_type: eventType,
      delivery_ids: results.map((r) => r.id),
    };
  };
}
