/**
 * Composition root of the webhook delivery pipeline: the webhooks Lambda (test events), the admin
 * Lambda (replay), the sync and the worker Lambdas. Modules that only publish domain events
 * (checkout's licence events: `publishEvent(appId, 'license.revoked', data)`) use
 * wiring/webhook-events.ts, which this module re-exports.
 *
 * The queue (webhook-events.ts) is SQS when QUEUE_URL is set (the cloud). Without it (the local
 * runtime) it is the in-process queue, and its consumer, the same one the worker Lambda runs, is
 * attached by the local server (bin/local-queue-consumers.ts): deliveries then happen in the local
 * server's process.
 */
import { appStatusOf } from '@shared/app-status';
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoDeliveryStore } from '../adapters/dynamodb/deliveries-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { dynamoDeliveryLogStore } from '../adapters/dynamodb/webhook-logs-repo';
import { dynamoWebhookStore } from '../adapters/dynamodb/webhooks-repo';
import { httpWebhookSender } from '../adapters/http-out';
import { sesMailer } from '../adapters/mailer';
import { getConfig } from '../config';
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
import { lazyService } from './lazy';
import { deliveryQueue } from './webhook-events';

export {
  licenceWebhookEvents,
  localDeadLetters,
  localWebhookQueueStats,
  publishEvent,
} from './webhook-events';

const apps = new DynamoAppsRepository();

export const appDirectory: AppDirectory = {
  async find(appId) {
    const app = await apps.getById(appId);
    return app
      ? { id: app.id, user_id: app.user_id, name: app.name, listed: appStatusOf(app) === 'Published' }
      : undefined;
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

/** The pipeline of this process: fan-out, delivery (the worker's), replay and the sweep. */
export const webhookPipeline: DeliveryPipeline = /* @__PURE__ */ lazyService(() =>
  createDeliveryPipeline({ ...pipelineAdapters, queue: deliveryQueue() }, pipelineOptionsFromConfig()),
);
