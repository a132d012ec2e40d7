/**
 * The product's queues (webhook deliveries, licence fulfilment, mail retries, sync jobs): two
 * implementations of one contract (DESIGN.md "queues"), and the one way to pick between them
 * (configuredQueue, at the end).
 *
 * - SqsMessageQueue (the cloud): SendMessage with DelaySeconds (whole seconds, at most 900). A
 *   worker Lambda consumes it through an event source; SQS's redrive policy moves a message that
 *   was received the queue's max receive count (its module in functions/queues/) to the dead-letter queue.
 * - InProcessQueue (the local runtime and tests): the same behaviour in memory. send() with a
 *   delay (fractions of a second allowed, so tests need not wait), at-least-once delivery to one
 *   consumer, a receive count per message, redelivery after a failed receive (SQS's visibility
 *   timeout), and after `maxReceiveCount` failed receives the message moves to `deadLetters`.
 *   Messages live in memory: a restart loses them, which the delivery pipeline's watchdog covers.
 */
import { randomUUID } from 'node:crypto';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { getConfig } from '../config';
import type { MessageQueue } from '../core/webhooks/ports';
import { logger } from '../http/logger';
import { outsideInvocation } from '../platform/invocation';
import type { QueueDefinition, QueueUrlVariable } from '../queues/queue-definition';
import { sqsClient } from './sqs-client';

export type { MessageQueue };

/** SQS's longest DelaySeconds. */
export const SQS_MAX_DELAY_SECONDS = 900;
/** Receives before a message is dead-lettered, for an in-process queue made without a definition (tests). */
export const MAX_RECEIVE_COUNT = 5;

export interface ReceivedMessage {
  messageId: string;
  body: string;
  /** 1 on the first receive (SQS's ApproximateReceiveCount). */
  receiveCount: number;
}

/** Processes one message; throwing (or rejecting) leaves it on the queue for another receive. */
export type MessageConsumer = (message: ReceivedMessage) => Promise<unknown>;

export class SqsMessageQueue implements MessageQueue {
  constructor(
    private readonly queueUrl: string,
    private readonly client: Pick<SQSClient, 'send'> = sqsClient(),
  ) {}

  async send(body: string, options: { delaySeconds?: number } = {}): Promise<void> {
    const delay = Math.min(SQS_MAX_DELAY_SECONDS, Math.max(0, Math.ceil(options.delaySeconds ?? 0)));
    await this.client.send(new SendMessageCommand({ QueueUrl: this.queueUrl, MessageBody: body, DelaySeconds: delay }));
  }
}

export interface InProcessQueueOptions {
  maxReceiveCount?: number;
  /** Wait before a message whose receive failed is offered again (SQS: the visibility timeout). */
  redeliveryDelayMs?: number;
  /** Called when a message is dead-lettered (for logs). */
  onDeadLetter?: (message: ReceivedMessage, error: unknown) => void;
}

interface Stored {
  messageId: string;
  body: string;
  receiveCount: number;
  /** Epoch ms it was sent (for the oldest message's age). */
  sentAt?: number;
  /** Epoch ms a delayed message becomes visible (for activity()). */
  dueAt?: number;
}

export class InProcessQueue implements MessageQueue {
  /** Messages that failed `maxReceiveCount` receives: the dead-letter queue. */
  readonly deadLetters: ReceivedMessage[] = [];
  private readonly maxReceiveCount: number;
  private readonly redeliveryDelayMs: number;
  private consumer: MessageConsumer | undefined;
  /** Visible messages waiting for a consumer. */
  private backlog: Stored[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly pending = new Map<NodeJS.Timeout, Stored>();
  private inFlight = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly options: InProcessQueueOptions = {}) {
    this.maxReceiveCount = options.maxReceiveCount ?? MAX_RECEIVE_COUNT;
    this.redeliveryDelayMs = options.redeliveryDelayMs ?? 1000;
  }

  async send(body: string, options: { delaySeconds?: number } = {}): Promise<void> {
    const delayMs = Math.min(SQS_MAX_DELAY_SECONDS, Math.max(0, options.delaySeconds ?? 0)) * 1000;
    this.later({ messageId: randomUUID(), body, receiveCount: 0, sentAt: Date.now() }, delayMs);
  }

  /** Depth (delayed or waiting), in flight, and the oldest waiting message's age (SQS's attributes). */
  stats(): { depth: number; inFlight: number; oldestAgeSeconds: number | null } {
    const waiting = [...this.pending.values(), ...this.backlog];
    const oldest = waiting.reduce<number | null>(
      (m, s) => (s.sentAt && (m === null || s.sentAt < m) ? s.sentAt : m),
      null,
    );
    return {
      depth: this.timers.size + this.backlog.length,
      inFlight: this.inFlight,
      oldestAgeSeconds: oldest === null ? null : Math.floor((Date.now() - oldest) / 1000),
    };
  }

  /** Moves dead letters back onto the queue (SQS's DLQ redrive); how many. `ids` limits it. */
  redrive(ids?: readonly string[]): number {
    const moving = this.deadLetters.filter((m) => !ids || ids.includes(m.messageId));
    for (const m of moving) {
      this.deadLetters.splice(this.deadLetters.indexOf(m), 1);
      this.later({ messageId: m.messageId, body: m.body, receiveCount: 0, sentAt: Date.now() }, 0);
    }
    return moving.length;
  }

  /** Attaches the consumer (one per queue, like the worker Lambda) and hands it the backlog. */
  start(consumer: MessageConsumer): void {
    this.consumer = consumer;
    const waiting = this.backlog;
    this.backlog = [];
    for (const message of waiting) this.deliver(message);
  }

  get started(): boolean {
    return this.consumer !== undefined;
  }

  /** Detaches the consumer and drops delayed messages (shutdown). */
  stop(): void {
    this.consumer = undefined;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.pending.clear();
    this.notifyIfIdle();
  }

  /** Messages delayed, waiting or being processed. */
  get size(): number {
    return this.timers.size + this.backlog.length + this.inFlight;
  }

  /**
   * What the queue holds now: messages waiting for the consumer, in flight, and delayed, split into
   * those due within `withinMs` and later ones (for whenLocalQueuesIdle below).
   */
  activity(withinMs: number): QueueActivity {
    const soon = Date.now() + withinMs;
    let dueSoon = 0;
    for (const m of this.pending.values()) if ((m.dueAt ?? 0) <= soon) dueSoon++;
    return { waiting: this.backlog.length, inFlight: this.inFlight, dueSoon, dueLater: this.pending.size - dueSoon };
  }

  /** Resolves once nothing is delayed or in flight (tests). */
  whenIdle(): Promise<void> {
    if (this.timers.size === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private later(message: Stored, delayMs: number): void {
    message.dueAt = Date.now() + delayMs;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.pending.delete(timer);
      this.deliver(message);
    }, delayMs);
    this.pending.set(timer, message);
    // The local server keeps the process alive; a pending message alone must not.
    timer.unref();
    this.timers.add(timer);
  }

  private deliver(message: Stored): void {
    const consumer = this.consumer;
    if (!consumer) {
      this.backlog.push(message);
      this.notifyIfIdle();
      return;
    }
    message.receiveCount += 1;
    this.inFlight += 1;
    const received: ReceivedMessage = { ...message };
    // The consumer runs as its own invocation, as a worker Lambda would: not inside the request
    // that sent the message (whose async context the in-process queue would otherwise hand on,
    // with its dependency breakers).
    Promise.resolve()
      .then(() => outsideInvocation(() => consumer(received)))
      .then(
        () => undefined,
        (err: unknown) => {
          if (message.receiveCount >= this.maxReceiveCount) {
            this.deadLetters.push(received);
            this.options.onDeadLetter?.(received, err);
          } else {
            this.later(message, this.redeliveryDelayMs);
          }
        },
      )
      .finally(() => {
        this.inFlight -= 1;
        this.notifyIfIdle();
      });
  }

  private notifyIfIdle(): void {
    if (this.timers.size > 0 || this.inFlight > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

/** How the in-process queue redelivers (SQS's visibility timeout), read when the queue is created. */
export interface LocalQueueOptions {
  redeliveryDelayMs?: number;
}

export interface ConfiguredQueue {
  /** The queue (created on first use); throws in the cloud without its URL: a Lambda's memory is no queue. */
  get(): MessageQueue;
  /** The same, but null in the cloud without its URL (for callers that can do without a queue). */
  getIfConfigured(): MessageQueue | null;
  /**
   * Attaches the consumer of the in-process queue (local runtime only; with SQS a worker Lambda
   * consumes it). It may come later than the first message: messages wait in the queue's backlog.
   */
  consumeLocally(consumer: MessageConsumer): void;
  /** The in-process queue, once created (local runtime); undefined with SQS. */
  local(): InProcessQueue | undefined;
  /** Resolves once the in-process queue is idle (local runtime and tests). */
  idle(): Promise<void>;
}

/**
 * One of the product's queues (its module in functions/queues/), as its senders and its local
 * consumer use it: SQS when the queue's URL variable is set (the cloud); in the cloud without it,
 * no queue (get() refuses rather than lose messages); locally the in-process queue with the
 * queue's receive count, consumed in this process by the consumer the local server attaches
 * (bin/local-queue-consumers.ts).
 */
export function configuredQueue(
  definition: QueueDefinition<unknown>,
  local: () => LocalQueueOptions = () => ({}),
): ConfiguredQueue {
  let queue: MessageQueue | null | undefined;
  let localQueue: InProcessQueue | undefined;
  let localConsumer: MessageConsumer | undefined;

  const startLocal = () => {
    if (localConsumer && localQueue && !localQueue.started) localQueue.start(localConsumer);
  };

  const getIfConfigured = (): MessageQueue | null => {
    if (queue !== undefined) return queue;
    const cfg = getConfig();
    const url = cfg[definition.urlVariable];
    if (url) queue = new SqsMessageQueue(url);
    // A deployed bundle (built with NODE_ENV=production, lib/bundling.ts) never runs the in-process
    // queue: in the cloud a queue without its URL is missing (RUNTIME=aws), so the bundle leaves
    // the in-process queue out.
    else if (process.env.NODE_ENV === 'production' || cfg.RUNTIME === 'aws') queue = null;
    else {
      localQueue = new InProcessQueue({
        ...local(),
        maxReceiveCount: definition.maxReceiveCount,
        onDeadLetter: (message, err) =>
          logger.error(definition.deadLetterLog, {
            messageId: message.messageId,
            receiveCount: message.receiveCount,
            error: err instanceof Error ? err.message : String(err),
          }),
      });
      startLocal();
      localQueues.set(definition.urlVariable, localQueue);
      queue = localQueue;
    }
    return queue;
  };

  return {
    get() {
      const found = getIfConfigured();
      if (found) return found;
      const purpose = definition.neededTo ? ` to ${definition.neededTo}` : '';
      throw new Error(`Configuration error in ${definition.urlVariable}: required in the cloud${purpose}`);
    },
    getIfConfigured,
    consumeLocally(consumer) {
      localConsumer = consumer;
      startLocal();
    },
    local: () => localQueue,
    idle: () => localQueue?.whenIdle() ?? Promise.resolve(),
  };
}

// Local only: are the in-process queues idle? ---------------------------------------------------------

/** One in-process queue's contents at a moment (see InProcessQueue.activity). */
export interface QueueActivity {
  /** Visible, waiting for the consumer. */
  waiting: number;
  /** Being processed by the consumer. */
  inFlight: number;
  /** Delayed (a send with a delay, or a redelivery after a failed receive), due within the bound. */
  dueSoon: number;
  /** Delayed and due after the bound: reported, not waited for. */
  dueLater: number;
}

/** The in-process queues configuredQueue made in this process, by their URL variable. */
const localQueues = new Map<QueueUrlVariable, InProcessQueue>();

const LOCAL_QUEUE_NAMES: Record<QueueUrlVariable, string> = {
  QUEUE_URL: 'webhook deliveries',
  FULFILMENT_QUEUE_URL: 'fulfilment',
  MAIL_QUEUE_URL: 'mail',
  SYNC_QUEUE_URL: 'sync',
};

export interface LocalQueuesIdle {
  idle: boolean;
  /** Each in-process queue of this process (none before first use), by name. */
  queues: Record<string, QueueActivity>;
}

/**
 * Waits until every in-process queue of this process (webhook deliveries, fulfilment, mail, sync:
 * those made so far) holds nothing waiting, nothing in flight and nothing delayed that is due
 * within `withinMs` (default 1 s), all at the same moment and still so one event-loop turn later
 * (work that just ended may be queueing more). Messages due later are reported, not waited for.
 * Gives `idle: false` with what is still there after `timeoutMs` (default 10 s). For the local
 * runtime and tests only (the local server's GET /__local/queues/idle): with SQS there is nothing
 * in process to wait for, and this answers idle at once.
 */
export async function whenLocalQueuesIdle(
  options: { withinMs?: number; timeoutMs?: number } = {},
): Promise<LocalQueuesIdle> {
  const withinMs = options.withinMs ?? 1000;
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  const look = () => {
    const queues: Record<string, QueueActivity> = {};
    let busy = false;
    for (const [variable, queue] of localQueues) {
      const activity = queue.activity(withinMs);
      queues[LOCAL_QUEUE_NAMES[variable]] = activity;
      busy ||= activity.waiting + activity.inFlight + activity.dueSoon > 0;
    }
    return { busy, queues };
  };
  for (;;) {
    if (!look().busy) {
      await new Promise((resolve) => setImmediate(resolve));
      const after = look();
      if (!after.busy) return { idle: true, queues: after.queues };
    }
    if (Date.now() >= deadline) return { idle: false, queues: look().queues };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
