/**
 * Composition root of the webhook delivery pipeline, shared by everything that sends events: the
 * webhooks Lambda (test events), the admin Lambda (replay), the worker Lambdas and any module that
 * publishes domain events (checkout: `publishEvent(appId, 'license.purchased', data)`).
 *
 * The queue is SQS when QUEUE_URL is set (the cloud). Without it (the local runtime) it is the
 * in-process queue, and its consumer, the same one the worker Lambda runs, is attached here on
 * first use: deliveries then happen in the local server's process.
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoDeliveryStore } from '../adapters/dynamodb/deliveries-repo';
import { dynamoEventTypeStore } from '../adapters/dynamodb/event-types-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { dynamoDeliveryLogStore } from '../adapters/dynamodb/webhook-logs-repo';
import { dynamoWebhookStore } from '../adapters/dynamodb/webhooks-repo';
import { httpWebhookSender } from '../adapters/http-out';
import { sesMailer } from '../adapters/mailer';
import { InProcessQueue, type MessageQueue, type ReceivedMessage, SqsMessageQueue } from '../adapters/queue';
import { getConfig } from '../config';
import { createPublishEvent, type PublishEvent } from '../core/events/publish-event';
import {
  createDeliveryPipeline,
  DEFAULT_PIPELINE_OPTIONS,
  type DeliveryPipeline,
  type PipelineDeps,
  type PipelineOptions,
} from '../core/webhooks/delivery-pipeline';
import type { AppDirectory, UserDirectory } from '../core/webhooks/ports';
import { DEFAULT_RETRY_POLICY, parseSchedule } from '../core/webhooks/retry-policy';
import { logger } from '../http/logger';

const apps = new DynamoAppsRepository();

export const appDirectory: AppDirectory = {
  async find(appId) {
    const app = await apps.getById(appId);
    return app ? { id: app.id, user_id: app.user_id, name: app.name } : undefined;
  },
};

export const userDirectory: UserDirectory = {
  async find(userId) {
    const user = await dynamoUsersRepository.findById(userId);
    return user ? { email: user.email, full_name: user.full_name } : undefined;
  },
};

/** The adapters of the pipeline, minus the queue. Tests reuse them with their own queue and options. */
export const pipelineAdapters: Omit<PipelineDeps, 'queue'> = {
  webhooks: dynamoWebhookStore,
  deliveries: dynamoDeliveryStore,
  logs: dynamoDeliveryLogStore,
  apps: appDirectory,
  users: userDirectory,
  sender: httpWebhookSender,
  mailer: sesMailer,
  log: logger,
};

/** Options from configuration: timeout, internal targets, retry schedule override, app URL. */
export function pipelineOptionsFromConfig(): PipelineOptions {
  const cfg = getConfig();
  return {
    ...DEFAULT_PIPELINE_OPTIONS,
    timeoutMs: cfg.WEBHOOK_TIMEOUT_MS,
    allowInternal: cfg.ALLOW_INTERNAL_WEBHOOK_TARGETS,
    appUrl: cfg.APP_URL,
    retry: cfg.WEBHOOK_RETRY_SCHEDULE
      ? { ...DEFAULT_RETRY_POLICY, schedule: parseSchedule(cfg.WEBHOOK_RETRY_SCHEDULE) }
      : DEFAULT_RETRY_POLICY,
  };
}

let queue: MessageQueue | undefined;
let localQueue: InProcessQueue | undefined;
let pipeline: DeliveryPipeline | undefined;

function deliveryQueue(): MessageQueue {
  if (queue) return queue;
  const cfg = getConfig();
  if (cfg.QUEUE_URL) {
    queue = new SqsMessageQueue(cfg.QUEUE_URL);
  } else if (cfg.RUNTIME === 'aws') {
    // A Lambda's memory is no queue: refuse rather than lose deliveries.
    throw new Error('Configuration error in QUEUE_URL: required in the cloud to deliver webhooks');
  } else {
    localQueue = new InProcessQueue({
      onDeadLetter: (message: ReceivedMessage, err: unknown) =>
        logger.error('webhook message dead-lettered', {
          messageId: message.messageId,
          receiveCount: message.receiveCount,
          error: err instanceof Error ? err.message : String(err),
        }),
    });
    queue = localQueue;
  }
  return queue;
}

/** The pipeline of this process (created on first use). */
export function webhookPipeline(): DeliveryPipeline {
  if (pipeline) return pipeline;
  const created = createDeliveryPipeline({ ...pipelineAdapters, queue: deliveryQueue() }, pipelineOptionsFromConfig());
  pipeline = created;
  // Locally the worker runs here, like the worker Lambda in the cloud.
  if (localQueue && !localQueue.started) localQueue.start((message) => created.handleMessage(message.body));
  return created;
}

/** The in-process queue's dead letters (local runtime only; empty with SQS). */
export const localDeadLetters = (): readonly ReceivedMessage[] => localQueue?.deadLetters ?? [];

/**
 * Sends a domain event of an app to its webhooks subscribed to the event type. Resolves once the
 * deliveries are queued (not delivered); throws ValidationError for an unknown event type.
 */
export const publishEvent: PublishEvent = (appId, eventType, data) =>
  createPublishEvent({ eventTypes: dynamoEventTypeStore, pipeline: webhookPipeline() })(appId, eventType, data);

/** The in-process webhook queue's figures (local runtime only; undefined with SQS). */
export const localWebhookQueueStats = () =>
  localQueue ? { ...localQueue.stats(), deadLetters: localQueue.deadLetters.length } : undefined;
