/**
 * The webhook rules a developer and an admin meet (docs/spec.md sections 2, 3, 4, 5, 7, 8):
 * the event catalogue, an app's webhooks (owner only; another developer's app reads as missing),
 * delivery logs, test events and replay. Delivery itself is the pipeline's job.
 */

import { randomUUID } from 'node:crypto';
import { MSG } from '@shared/messages';
import {
  SECRET_FORMAT,
  type SimulateEventResponse,
  simulateMessage,
  unknownEventType,
  WEBHOOK_NOT_FOUND,
  type Webhook,
  type WebhookDeliveryLog,
} from '@shared/schemas/webhooks';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../errors';
import type { Page } from '../paging';
import type { DeliveryPipeline } from './delivery-pipeline';
import { catalogueNames } from './event-catalogue';
import type { AppDirectory, DeliveryLogStore, EventTypeStore, TargetChecker, WebhookStore } from './ports';
import { generateSecret, isValidSecret } from './signing';
import { targetSite } from './target-site';
import { toLogView, toWebhookView, type WebhookRecord } from './webhook';

export const MAX_WEBHOOKS_PER_APP = 20;
export const TOO_MANY_WEBHOOKS = `An app can have at most ${MAX_WEBHOOKS_PER_APP} webhooks`;
export const DUPLICATE_WEBHOOK = 'This app already has a webhook for this event type and URL';
export const URL_NOT_HTTP = 'target_url must be an http:// or https:// URL';
export const URL_NEEDS_HTTPS = 'target_url must use https://';
export const URL_HAS_CREDENTIALS = 'target_url must not contain a user name or password';
/** Webhooks fan out to third parties; only developers the admin approved use them. */
export const WEBHOOKS_NEED_APPROVAL =
  'Your developer account must be approved by an admin before you can use webhooks and test events';
export const MAX_WEBHOOKS_PER_HOST = 10;
export const TOO_MANY_WEBHOOKS_PER_HOST = `You can have at most ${MAX_WEBHOOKS_PER_HOST} webhooks pointing at the same host`;
/** Across all of a developer's apps (20 per app would otherwise multiply with every app created). */
export const MAX_WEBHOOKS_PER_DEVELOPER = 100;
export const TOO_MANY_WEBHOOKS_PER_DEVELOPER = `You can have at most ${MAX_WEBHOOKS_PER_DEVELOPER} webhooks across your apps`;
export const SIMULATIONS_PER_MINUTE = 10;
export const TOO_MANY_SIMULATIONS = `At most ${SIMULATIONS_PER_MINUTE} test events a minute per app; please wait a moment`;
export const MAX_SIMULATE_DATA_BYTES = 4096;
export const SIMULATE_DATA_TOO_LARGE = `data must be at most ${MAX_SIMULATE_DATA_BYTES / 1024} KB of JSON`;

/** POST /api/apps/{id}/webhooks after parsing (trimmed, required fields present). */
export interface NewWebhookInput {
  event_type: string;
  target_url: string;
  secret?: string | null;
  is_active?: boolean;
}

export interface WebhooksServiceDeps {
  webhooks: WebhookStore;
  logs: DeliveryLogStore;
  apps: AppDirectory;
  eventTypes: EventTypeStore;
  checkTarget: TargetChecker;
  pipeline: Pick<DeliveryPipeline, 'fanOut' | 'replay'>;
  /** Local development: http targets and internal addresses allowed. */
  allowInternal: boolean;
  /** True when the account is a developer the admin approved. */
  isApproved: (userId: string) => Promise<boolean>;
  /** Ids of the developer's apps (webhooks are counted per target host across them). */
  appIdsOf: (userId: string) => Promise<string[]>;
  /** Counts one hit of `key` in the current window; false once `limit` hits were counted. */
  rateLimit: (key: string, limit: number, windowSeconds: number) => Promise<boolean>;
  now?: () => Date;
}

/**
 * The syntax rules of a target URL: http(s) only (https only when internal targets are refused,
 * i.e. in the cloud), no credentials (they would show in logs and admin views). Returns the reason
 * it is refused, or undefined.
 */
export function targetUrlProblem(raw: string, allowInternal: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return URL_NOT_HTTP;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return URL_NOT_HTTP;
  if (!url.hostname) return URL_NOT_HTTP;
  if (url.protocol === 'http:' && !allowInternal) return URL_NEEDS_HTTPS;
  if (url.username || url.password) return URL_HAS_CREDENTIALS;
  return undefined;
}

export function createWebhooksService(deps: WebhooksServiceDeps) {
  const { webhooks, logs, apps } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireApproved(userId: string) {
    if (!(await deps.isApproved(userId))) throw new ForbiddenError(WEBHOOKS_NEED_APPROVAL);
  }

  async function ownApp(userId: string, appId: string) {
    const app = await apps.find(appId);
    if (!app || app.user_id !== userId) throw new NotFoundError(MSG.appNotFound);
    return app;
  }

  async function eventTypeNames(): Promise<string[]> {
    return catalogueNames(await deps.eventTypes.list());
  }

  async function requireKnownEventType(name: string): Promise<void> {
    if (!(await eventTypeNames()).includes(name)) throw new ValidationError(unknownEventType(name));
  }

  return {
    /** GET /api/event-types: the names of what the platform can emit. */
    eventTypeNames,

    /** The secret shows only its first characters here: in full only in the creation answer. */
    async list(userId: string, appId: string): Promise<Webhook[]> {
      await ownApp(userId, appId);
      const [list, names] = await Promise.all([webhooks.listByApp(appId), eventTypeNames()]);
      const available = new Set(names);
      return list
        .sort((a, b) => a.created_at.localeCompare(b.created_at))
        .map((w) => toWebhookView(w, { eventTypeAvailable: available.has(w.event_type) }));
    },

    async create(userId: string, appId: string, input: NewWebhookInput): Promise<Webhook> {
      const app = await ownApp(userId, appId);
      await requireApproved(userId);
      await requireKnownEventType(input.event_type);
      const problem = targetUrlProblem(input.target_url, deps.allowInternal);
      if (problem) throw new ValidationError(problem);
      const provided = input.secret?.trim();
      if (provided && !isValidSecret(provided)) throw new ValidationError(SECRET_FORMAT);
      const check = await deps.checkTarget(input.target_url, { allowInternal: deps.allowInternal });
      if (!check.ok) throw new ValidationError(check.reason);

      const existing = await webhooks.listByApp(appId);
      if (existing.length >= MAX_WEBHOOKS_PER_APP) throw new ValidationError(TOO_MANY_WEBHOOKS);
      if (existing.some((w) => w.event_type === input.event_type && w.target_url === input.target_url)) {
        throw new ConflictError(DUPLICATE_WEBHOOK);
      }
      // Per site (every spelling and subdomain of one registrable domain) and in all, across the
      // developer's apps; the total is held again by the counter in the create transaction.
      const site = targetSite(input.target_url);
      let sameSite = 0;
      let total = 0;
      for (const id of await deps.appIdsOf(userId)) {
        const hooks = id === appId ? existing : await webhooks.listByApp(id);
        total += hooks.length;
        sameSite += hooks.filter((w) => targetSite(w.target_url) === site).length;
      }
      if (total >= MAX_WEBHOOKS_PER_DEVELOPER) throw new ValidationError(TOO_MANY_WEBHOOKS_PER_DEVELOPER);
      if (sameSite >= MAX_WEBHOOKS_PER_HOST) throw new ValidationError(TOO_MANY_WEBHOOKS_PER_HOST);
      const record: WebhookRecord = {
        id: randomUUID(),
        app_id: app.id,
        user_id: app.user_id,
        event_type: input.event_type,
        target_url: input.target_url,
        secret: provided || generateSecret(),
        is_active: input.is_active ?? true,
        created_at: now().toISOString(),
        disabled_reason: null,
        disabled_at: null,
        failing_since: null,
      };
      if (!(await webhooks.create(record, { max: MAX_WEBHOOKS_PER_DEVELOPER, existing: total }))) {
        throw new ValidationError(TOO_MANY_WEBHOOKS_PER_DEVELOPER);
      }
      return toWebhookView(record, { fullSecret: true, eventTypeAvailable: true });
    },

    /** DELETE /api/webhooks/{id}. Pending retries stop: every attempt re-reads the webhook first. */
    async remove(userId: string, webhookId: string): Promise<void> {
      const webhook = await webhooks.findById(webhookId);
      if (!webhook || webhook.user_id !== userId) throw new NotFoundError(WEBHOOK_NOT_FOUND);
      if (!(await webhooks.delete(webhook))) throw new NotFoundError(WEBHOOK_NOT_FOUND);
    },

    async appLogs(userId: string, appId: string, limit: number): Promise<WebhookDeliveryLog[]> {
      await ownApp(userId, appId);
      return (await logs.listByApp(appId, limit)).map(toLogView);
    },

    async adminLogs(limit: number, cursor?: string): Promise<Page<WebhookDeliveryLog>> {
      const page = await logs.pageAll(limit, cursor);
      return { items: page.items.map(toLogView), next_cursor: page.next_cursor };
    },

    /** POST /api/simulate-event: a test event (data marked test: true) through the real pipeline. */
    async simulate(
      userId: string,
      input: { app_id: string; event_type: string; data?: Record<string, unknown> },
    ): Promise<SimulateEventResponse> {
      const app = await ownApp(userId, input.app_id);
      await requireApproved(userId);
      await requireKnownEventType(input.event_type);
      if (Buffer.byteLength(JSON.stringify(input.data ?? {}), 'utf8') > MAX_SIMULATE_DATA_BYTES) {
        throw new ValidationError(SIMULATE_DATA_TOO_LARGE);
      }
      if (!(await deps.rateLimit(`simulate#${app.id}`, SIMULATIONS_PER_MINUTE, 60))) {
        throw new TooManyRequestsError(TOO_MANY_SIMULATIONS, 60);
      }
      const data = {
        message: 'Test event from the Developer Portal',
        timestamp: now().toISOString(),
        ...input.data,
        test: true,
      };
      const summary = await deps.pipeline.fanOut(app.id, input.event_type, data);
      return { summary, message: simulateMessage(summary.webhooks, input.event_type) };
    },

    async replay(logId: string): Promise<{ message: string; delivery_id: string }> {
      const { delivery_id } = await deps.pipeline.replay(logId);
      return { message: MSG.webhookReplayed, delivery_id };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
