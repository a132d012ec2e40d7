/**
 * The webhook delivery queue, two implementations of one contract (DESIGN.md "queues"):
 *
 * - SqsMessageQueue (the cloud): SendMessage with DelaySeconds (whole seconds, at most 900). The
 *   worker Lambda consumes it through an event source; SQS's redrive policy moves a message that
 *   was received WEBHOOK_MAX_RECEIVE_COUNT times (lib/queues.ts) to the dead-letter queue.
 * - InProcessQueue (the local runtime and tests): the same behaviour in memory. send() with a
 *   delay (fractions of a second allowed, so tests need not wait), at-least-once delivery to one
 *   consumer, a receive count per message, redelivery after a failed receive (SQS's visibility
 *   timeout), and after `maxReceiveCount` failed receives the message moves to `deadLetters`.
 *   Messages live in memory: a restart loses them, which the delivery pipeline's watchdog covers.
 */
import { randomUUID } from 'node:crypto';
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { getConfig } from '../config';
import type { MessageQueue } from '../core/webhooks/ports';
import { traced } from '../platform/tracer';
import { awsClientResilience, tagDependency } from './resilience';

export type { MessageQueue };

/** SQS's longest DelaySeconds. */
export const SQS_MAX_DELAY_SECONDS = 900;
/** Receives before a message is dead-lettered; the same number as lib/queues.ts gives SQS. */
export const MAX_RECEIVE_COUNT = 5;

export interface ReceivedMessage {
  messageId: string;
  body: string;
  /** 1 on the first receive (SQS's ApproximateReceiveCount). */
  receiveCount: number;
}

/** Processes one message; throwing (or rejecting) leaves it on the queue for another receive. */
export type MessageConsumer = (message: ReceivedMessage) => Promise<unknown>;

let sqs: SQSClient | undefined;
function sqsClient(): SQSClient {
  const cfg = getConfig();
  sqs ??= traced(
    tagDependency(
      new SQSClient(
        cfg.SQS_ENDPOINT
          ? {
              region: cfg.AWS_REGION,
              ...awsClientResilience(),
              endpoint: cfg.SQS_ENDPOINT,
              credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
            }
          : { region: cfg.AWS_REGION, ...awsClientResilience() },
      ),
      'SQS',
    ),
  );
  return sqs;
}

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

  /** Resolves once nothing is delayed or in flight (tests). */
  whenIdle(): Promise<void> {
    if (this.timers.size === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private later(message: Stored, delayMs: number): void {
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
    Promise.resolve()
      .then(() => consumer(received))
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
