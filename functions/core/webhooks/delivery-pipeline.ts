/**
 * The delivery pipeline: an event fans out to the app's active webhooks for its type;
 * each delivery travels through the queue to a worker that signs and POSTs it, logs the attempt
 * and schedules the next one on failure. Free of HTTP handlers and AWS: storage, the queue and
 * outgoing HTTP come in through the ports.
 *
 * How a delivery stays dependable:
 * - The delivery record (DeliveryStore) is the truth; a queue message only names a delivery and
 *   an attempt number. A worker claims the attempt with a conditional write and a lease, so a
 *   duplicate or stale message (SQS is at-least-once) does nothing, and a crashed worker's attempt
 *   is taken over once its lease runs out.
 * - Retries of up to 15 minutes go back on the queue with a delay (SQS's limit); longer ones wait
 *   as due records that the scheduler (sweep) enqueues when due. Every pending delivery also keeps
 *   a due time as a watchdog, so a message lost on the way (an enqueue that failed, a restart of
 *   the local runtime) is enqueued again by the scheduler.
 * - Before each attempt the webhook is read again: deleted or disabled stops the delivery.
 * - Every attempt is logged; 410 Gone disables the webhook at once; an endpoint that has failed
 *   every attempt for 5 days is disabled and its developer e-mailed.
 * - The `webhook-id` stays the same across retries and replays, so receivers can de-duplicate.
 */
import { randomUUID } from 'node:crypto';
import { WEBHOOK_LOG_NOT_FOUND } from '@shared/schemas/webhooks';
import * as z from 'zod';
import { ConflictError, NotFoundError } from '../errors';
import { createFanOut, DEFAULT_FAN_OUT_OPTIONS, enqueueAttempt, type FanOutOptions } from './fan-out';
import type {
  AppDirectory,
  AttemptOutcome,
  DeliveryLogStore,
  DeliveryStore,
  Log,
  Mailer,
  MessageQueue,
  UserDirectory,
  WebhookResponse,
  WebhookSender,
  WebhookStore,
} from './ports';
import { DEFAULT_RETRY_POLICY, parseRetryAfter, type RetryPolicy, retryDelaySeconds } from './retry-policy';
import { signedHeaders } from './signing';
import { type DeliveryLogRecord, type DeliveryRecord, isReplayable, isSuccess, type WebhookRecord } from './webhook';
import { webhookDisabledMail } from './webhook-mails';

const DAY_MS = 24 * 3600 * 1000;

export interface PipelineOptions extends FanOutOptions {
  retry: RetryPolicy;
  /** Only a 2xx answer within this time is a success. */
  timeoutMs: number;
  /** Let targets resolve to private, loopback or link-local addresses (local development). */
  allowInternal: boolean;
  /** Longest delay handed to the queue (SQS: 900 s); longer retries wait for the scheduler. */
  maxQueueDelaySeconds: number;
  /** Added to the timeout for a worker's claim on an attempt. */
  leaseMarginMs: number;
  /** An endpoint failing every attempt for this long is disabled. */
  disableAfterMs: number;
  logTtlSeconds: number;
  maxResponseBytes: number;
  /** Public origin of the product, for the link in the "webhook disabled" mail. */
  appUrl: string;
}

export const DEFAULT_PIPELINE_OPTIONS: PipelineOptions = {
  ...DEFAULT_FAN_OUT_OPTIONS,
  retry: DEFAULT_RETRY_POLICY,
  timeoutMs: 15_000,
  allowInternal: false,
  maxQueueDelaySeconds: 900,
  leaseMarginMs: 60_000,
  disableAfterMs: 5 * DAY_MS,
  logTtlSeconds: 30 * 24 * 3600,
  maxResponseBytes: 4096,
  appUrl: 'http://localhost:3000',
};

export interface PipelineDeps {
  webhooks: WebhookStore;
  deliveries: DeliveryStore;
  logs: DeliveryLogStore;
  apps: AppDirectory;
  users: UserDirectory;
  queue: MessageQueue;
  sender: WebhookSender;
  mailer: Mailer;
  log?: Log;
  /** Epoch milliseconds. */
  now?: () => number;
  random?: () => number;
}

/** What a queue message carries. */
export const DeliveryMessageSchema = z.object({
  delivery_id: z.string().regex(/^msg_[0-9A-Za-z]{1,64}$/),
  attempt: z.number().int().min(0),
});
export type DeliveryMessage = z.infer<typeof DeliveryMessageSchema>;

/** A message no worker can ever process: it is thrown back so the queue dead-letters it. */
export class PoisonMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PoisonMessageError';
  }
}

export type AttemptResult = 'succeeded' | 'retry' | 'failed' | 'disabled' | 'cancelled' | 'skipped';

export const DISABLED_GONE = 'The endpoint answered 410 Gone';
export const disabledFailing = (days: number) =>
  `Every delivery attempt failed for ${days} day${days === 1 ? '' : 's'}`;
export const REPLAY_NOT_FAILED = 'Only failed deliveries (status 400 or more, or no answer) can be replayed';
export const REPLAY_WEBHOOK_GONE = 'The webhook of this delivery was deleted';
export const REPLAY_WEBHOOK_DISABLED = 'The webhook of this delivery is disabled';
export const REPLAY_PAYLOAD_GONE = 'The payload of this delivery is no longer kept';
export const REPLAY_RACE = 'The delivery changed meanwhile: try again';
/** Reads of the delivery a replay makes before answering REPLAY_RACE. */
const REPLAY_TRIES = 3;

const silentLog: Log = { info() {}, warn() {}, error() {} };
const iso = (ms: number) => new Date(ms).toISOString();

export function createDeliveryPipeline(deps: PipelineDeps, options: PipelineOptions = DEFAULT_PIPELINE_OPTIONS) {
  const { webhooks, deliveries, logs, queue, sender } = deps;
  const log = deps.log ?? silentLog;
  const clock = deps.now ?? (() => Date.now());
  const random = deps.random ?? Math.random;
  const opts = options;

  /** Hands attempt `attempt` of a delivery to the queue; false (logged) when the queue refused it. */
  const enqueue = (deliveryId: string, attempt: number, delaySeconds: number): Promise<boolean> =>
    enqueueAttempt(queue, log, deliveryId, attempt, delaySeconds);

  async function notifyDisabled(webhook: WebhookRecord, reason: string): Promise<void> {
    try {
      const [app, owner] = await Promise.all([deps.apps.find(webhook.app_id), deps.users.find(webhook.user_id)]);
      if (!owner) return;
      await deps.mailer.sendMail(
        webhookDisabledMail({ owner, appName: app?.name ?? webhook.app_id, webhook, reason, appUrl: opts.appUrl }),
      );
    } catch (err) {
      log.error('webhook disabled mail failed', { webhookId: webhook.id, error: (err as Error).message });
    }
  }

  async function disable(webhook: WebhookRecord, reason: string, atMs: number): Promise<boolean> {
    const disabled = await webhooks.disable(webhook, reason, iso(atMs));
    if (disabled) {
      log.warn('webhook disabled', { webhookId: webhook.id, appId: webhook.app_id, reason });
      await notifyDisabled(webhook, reason);
    }
    return disabled;
  }

  async function safeSend(webhook: WebhookRecord, delivery: DeliveryRecord, sentAtMs: number) {
    const timestamp = Math.floor(sentAtMs / 1000);
    try {
      return await sender.send({
        url: webhook.target_url,
        headers: signedHeaders(webhook.secret, delivery.id, timestamp, delivery.payload),
        body: delivery.payload,
        timeoutMs: opts.timeoutMs,
        allowInternal: opts.allowInternal,
        maxResponseBytes: opts.maxResponseBytes,
      });
    } catch (err) {
      // The sender reports failures as results; anything thrown is a bug, still logged as an attempt.
      log.error('webhook sender threw', { deliveryId: delivery.id, error: (err as Error).message });
      const failed: WebhookResponse = {
        status: 0,
        body: (err as Error).message,
        durationMs: clock() - sentAtMs,
        errorKind: 'connection_error',
      };
      return failed;
    }
  }

  /**
   * Makes attempt `attempt` of delivery `deliveryId`, if it is still due: claims it, re-reads the
   * webhook, signs and sends, logs, and records the outcome (scheduling the retry).
   */
  async function attemptDelivery(deliveryId: string, attempt: number): Promise<AttemptResult> {
    const claimedAt = clock();
    const leaseUntil = claimedAt + opts.timeoutMs + opts.leaseMarginMs;
    const delivery = await deliveries.claim(deliveryId, attempt, leaseUntil, claimedAt);
    if (!delivery) return 'skipped';
    const done = async (outcome: AttemptOutcome) => {
      const held = await deliveries.finish(deliveryId, attempt, leaseUntil, outcome);
      if (!held) log.warn('webhook attempt outcome not recorded: claim lost', { deliveryId, attempt });
      return held;
    };

    const webhook = await webhooks.get(delivery.app_id, delivery.webhook_id);
    if (!webhook?.is_active) {
      await done({ kind: 'cancelled', outcome: webhook ? 'webhook disabled' : 'webhook deleted' });
      return 'cancelled';
    }
    if (delivery.practice_event && !(await deps.apps.find(delivery.app_id))?.listed) {
      await done({ kind: 'cancelled', outcome: 'app not listed: practice events stopped' });
      return 'cancelled';
    }

    const sentAt = clock();
    const response = await safeSend(webhook, delivery, sentAt);
    const entry: DeliveryLogRecord = {
      id: randomUUID(),
      app_id: delivery.app_id,
      webhook_id: webhook.id,
      event_type: delivery.event_type,
      target_url: webhook.target_url,
      status_code: response.status,
      response: response.body,
      created_at: iso(sentAt),
      response_time_ms: response.durationMs,
      retry_count: attempt,
      delivery_id: delivery.id,
      error_kind: response.errorKind,
    };
    await logs.put(entry, opts.logTtlSeconds);

    const finishedAt = clock();
    if (response.errorKind === null && isSuccess(response.status)) {
      await done({ kind: 'succeeded', outcome: `delivered with ${response.status}` });
      if (webhook.failing_since) await webhooks.clearFailing(webhook);
      return 'succeeded';
    }
    if (response.status === 410) {
      await disable(webhook, DISABLED_GONE, finishedAt);
      await done({ kind: 'failed', outcome: 'endpoint gone (410): webhook disabled' });
      return 'disabled';
    }
    if (!webhook.failing_since) {
      await webhooks.markFailing(webhook, iso(sentAt));
    } else if (finishedAt - Date.parse(webhook.failing_since) >= opts.disableAfterMs) {
      await disable(webhook, disabledFailing(Math.round(opts.disableAfterMs / DAY_MS)), finishedAt);
      await done({ kind: 'failed', outcome: 'endpoint failing for days: webhook disabled' });
      return 'disabled';
    }

    const delay = delivery.no_retry
      ? undefined
      : retryDelaySeconds(opts.retry, delivery.schedule_step, parseRetryAfter(response.retryAfter, finishedAt), random);
    if (delay === undefined) {
      await done({ kind: 'failed', outcome: delivery.no_retry ? 'replay failed' : 'retries exhausted' });
      return 'failed';
    }
    const retryAt = finishedAt + delay * 1000;
    const viaQueue = delay <= opts.maxQueueDelaySeconds;
    const held = await done({
      kind: 'retry',
      scheduleStep: delivery.schedule_step + 1,
      dueAt: viaQueue ? retryAt + opts.watchdogSeconds * 1000 : retryAt,
    });
    if (held && viaQueue) await enqueue(deliveryId, attempt + 1, delay);
    return 'retry';
  }

  return {
    /**
     * Sends an event of `appId` to each of its active webhooks subscribed to `eventType`: one
     * delivery (one webhook-id) per webhook, handed to the queue at once.
     */
    /** An event to the app's active webhooks of its type (fan-out.ts), each first attempt queued. */
    fanOut: createFanOut({ webhooks, deliveries, queue, log, now: clock }, opts),

    /** The queue consumer: one message. Throws PoisonMessageError for a message that can never work. */
    async handleMessage(body: string): Promise<AttemptResult> {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new PoisonMessageError('Webhook delivery message is not JSON');
      }
      const message = DeliveryMessageSchema.safeParse(parsed);
      if (!message.success) throw new PoisonMessageError('Webhook delivery message has an unexpected shape');
      return attemptDelivery(message.data.delivery_id, message.data.attempt);
    },

    attemptDelivery,

    /**
     * Delivers a logged event again (admin replay): the same payload and webhook-id, as a new
     * attempt through the queue. Only failed attempts (status 400 or more, or no answer) qualify.
     * A delivery still retrying gets its next attempt now (the delayed message then finds it done
     * and is ignored); a finished one gets exactly one more attempt.
     */
    async replay(logId: string): Promise<{ delivery_id: string }> {
      const entry = await logs.get(logId);
      if (!entry) throw new NotFoundError(WEBHOOK_LOG_NOT_FOUND);
      if (!isReplayable(entry.status_code)) throw new ConflictError(REPLAY_NOT_FAILED);
      // The attempt that wrote this log may still be recording itself on the delivery (its log
      // comes first): a reopen that finds the delivery changed reads it again, a few times,
      // before the admin is asked to try again.
      let reopened: DeliveryRecord | undefined;
      for (let tries = 0; !reopened && tries < REPLAY_TRIES; tries++) {
        const delivery = entry.delivery_id ? await deliveries.get(entry.delivery_id) : undefined;
        if (!delivery) throw new ConflictError(REPLAY_PAYLOAD_GONE);
        const webhook = await webhooks.get(delivery.app_id, delivery.webhook_id);
        if (!webhook) throw new ConflictError(REPLAY_WEBHOOK_GONE);
        if (!webhook.is_active) throw new ConflictError(REPLAY_WEBHOOK_DISABLED);
        reopened = await deliveries.reopen(
          delivery,
          clock() + opts.watchdogSeconds * 1000,
          delivery.status !== 'pending',
        );
      }
      if (!reopened) throw new ConflictError(REPLAY_RACE);
      await enqueue(reopened.id, reopened.attempt, 0);
      log.info('webhook replayed', { logId, deliveryId: reopened.id, attempt: reopened.attempt });
      return { delivery_id: reopened.id };
    },

    /**
     * The scheduled job (every minute in the cloud, an in-process timer locally): enqueues
     * deliveries whose retry (or watchdog) is due, and disables endpoints failing for days.
     */
    async sweep(maxDeliveries = 1000): Promise<{ enqueued: number; disabled: number }> {
      const now = clock();
      let enqueued = 0;
      let seen = 0;
      while (seen < maxDeliveries) {
        const due = await deliveries.listDue(now, Math.min(100, maxDeliveries - seen));
        if (due.length === 0) break;
        seen += due.length;
        const sent = await Promise.all(
          due.map(async (d) => {
            if (d.due_at === null) return false;
            const rearmed = await deliveries.rearm(d.id, d.due_at, now + opts.watchdogSeconds * 1000);
            return rearmed ? enqueue(rearmed.id, rearmed.attempt, 0) : false;
          }),
        );
        enqueued += sent.filter(Boolean).length;
        if (due.length < 100) break;
      }
      let disabled = 0;
      const failing = await webhooks.listFailingSince(iso(now - opts.disableAfterMs), 100);
      for (const webhook of failing) {
        if (await disable(webhook, disabledFailing(Math.round(opts.disableAfterMs / DAY_MS)), now)) disabled++;
      }
      if (enqueued || disabled) log.info('webhook sweep', { enqueued, disabled });
      return { enqueued, disabled };
    },
  };
}

export type DeliveryPipeline = ReturnType<typeof createDeliveryPipeline>;
