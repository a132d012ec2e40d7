/**
 * Webhooks (core/webhooks/webhooks-service.ts) of the webhooks Lambda and the admin's webhook-log
 * handlers: wired to DynamoDB, the SSRF-guarded target check and the delivery pipeline
 * (wiring/webhook-pipeline.ts).
 */
import { DynamoAppsRepository } from '../adapters/dynamodb/apps-repo';
import { dynamoEventTypeStore } from '../adapters/dynamodb/event-types-repo';
import { hitRateCounter } from '../adapters/dynamodb/rate-counter';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { dynamoDeliveryLogStore } from '../adapters/dynamodb/webhook-logs-repo';
import { dynamoWebhookStore } from '../adapters/dynamodb/webhooks-repo';
import { checkTarget } from '../adapters/http-out';
import { getConfig } from '../config';
import { createWebhooksService, type WebhooksServiceDeps } from '../core/webhooks/webhooks-service';
import { rateLimitNowMs } from '../http/rate-limit-clock';
import { lazyService } from './lazy';
import { appDirectory, webhookPipeline } from './webhook-pipeline';

/** The webhooks service on its real adapters; tests replace a setting (e.g. `allowInternal`). */
export const buildWebhooksService = (overrides: Partial<WebhooksServiceDeps> = {}) =>
  createWebhooksService({
    webhooks: dynamoWebhookStore,
    logs: dynamoDeliveryLogStore,
    apps: appDirectory,
    eventTypes: dynamoEventTypeStore,
    checkTarget,
    pipeline: {
      fanOut: (...args) => webhookPipeline.fanOut(...args),
      replay: (...args) => webhookPipeline.replay(...args),
    },
    allowInternal: getConfig().ALLOW_INTERNAL_WEBHOOK_TARGETS,
    isApproved: async (userId) => {
      const user = await dynamoUsersRepository.findById(userId);
      return user?.role === 'developer' && user.is_approved === true;
    },
    appIdsOf: async (userId) => (await new DynamoAppsRepository().listByOwner(userId)).map((a) => a.id),
    rateLimit: (key, limit, windowSeconds) => hitRateCounter(key, limit, windowSeconds, rateLimitNowMs()),
    ...overrides,
  });

export const webhooksService = /* @__PURE__ */ lazyService(() => buildWebhooksService());
