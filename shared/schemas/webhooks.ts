/**
 * The webhooks contract (docs/spec.md sections 2, 3, 4, 5, 7, 8 and 9): the event catalogue,
 * an app's webhooks, delivery logs (developer and admin), replay and test events.
 *
 * Deliveries follow Standard Webhooks: headers `webhook-id` (msg_..., the log's delivery_id, kept
 * across retries and replays), `webhook-timestamp` (seconds) and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256>` keyed with the decoded bytes of a `whsec_<base64>` secret, or with the
 * UTF-8 bytes of a developer's own secret of another form, at least 24 characters), body
 * `{"type", "timestamp", "data", "app_id"}`.
 */
import * as z from 'zod';
import { MSG } from '../messages';
import { limitParam } from './query-numbers';
import { idText } from './text-fields';

export const WEBHOOK_NOT_FOUND = 'Webhook not found';
export const WEBHOOK_LOG_NOT_FOUND = 'Webhook log not found';
export const WEBHOOK_DELETED = 'Webhook deleted successfully';
export const SIMULATE_REQUIRED = 'app_id and event_type are required';
export const SECRET_FORMAT = 'secret must be at least 24 characters (or leave it empty to generate a whsec_ one)';
export const WEBHOOK_SECRET_MAX_LENGTH = 200;
export const LOG_LIMIT_INVALID = 'limit must be a whole number from 1 to 500';
export const unknownEventType = (name: string) => `Unknown event type: ${name}`;

/** The prefix of every webhook secret (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Characters of the secret the webhook list shows (spec section 2). */
export const WEBHOOK_SECRET_VISIBLE = 10;
export const WEBHOOK_LOGS_DEFAULT_LIMIT = 100;
export const WEBHOOK_LOGS_MAX_LIMIT = 500;

/** Why an attempt failed; null when it succeeded (2xx). */
export const DELIVERY_ERROR_KINDS = [
  'timeout',
  'connection_refused',
  'connection_error',
  'tls_error',
  'dns',
  'ssrf_blocked',
  'invalid_url',
  'redirect',
  'http_error',
] as const;
export type DeliveryErrorKind = (typeof DELIVERY_ERROR_KINDS)[number];

const required = (max: number) =>
  z
    .string({ error: MSG.fillAllWebhookFields })
    .trim()
    .min(1, MSG.fillAllWebhookFields)
    .max(max, `must be at most ${max} characters`);

export const WebhookIdParams = z.object({
  id: idText(WEBHOOK_NOT_FOUND, 128),
});
export const WebhookLogIdParams = z.object({
  id: idText(WEBHOOK_LOG_NOT_FOUND, 128),
});

/** GET /api/event-types: the names webhooks can subscribe to (spec: "list of names"). */
export const EventTypeNamesSchema = z.array(z.string()).meta({ id: 'EventTypeNames' });

/** POST /api/apps/{id}/webhooks. The app is the path; target_url and event_type are required. */
export const CreateWebhookRequest = z.object(
  {
    event_type: required(100),
    target_url: required(2048),
    secret: z
      .string()
      .trim()
      .max(WEBHOOK_SECRET_MAX_LENGTH, `secret must be at most ${WEBHOOK_SECRET_MAX_LENGTH} characters`)
      .nullish()
      .meta({
        description:
          'Optional. A Standard Webhooks secret (whsec_ + base64) signs with its decoded bytes; any other secret of ' +
          'at least 24 characters signs with its UTF-8 bytes. Left empty, a whsec_ secret is generated.',
      }),
    is_active: z.boolean().optional(),
  },
  { error: MSG.fillAllWebhookFields },
);
export type CreateWebhookRequest = z.input<typeof CreateWebhookRequest>;

export const WebhookSchema = z
  .object({
    id: z.string(),
    app_id: z.string(),
    event_type: z.string(),
    target_url: z.string(),
    secret: z.string().meta({
      description:
        'The full signing secret in the answer to create (shown once); lists carry only its first 10 characters.',
    }),
    is_active: z.boolean(),
    created_at: z.string(),
    disabled_reason: z
      .string()
      .nullable()
      .meta({ description: 'Why the platform disabled it (410 Gone, or failing for days); null otherwise' }),
    event_type_available: z.boolean().meta({
      description:
        'false when its event type is no longer one the platform can emit (GET /api/event-types): nothing will be delivered',
    }),
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof WebhookSchema>;
export const WebhookListSchema = z.array(WebhookSchema);

/**
 * One delivery attempt. status_code is 0 when no HTTP answer came (error_kind says why);
 * retry_count is 0 for the first attempt of a delivery; delivery_id is the `webhook-id` header.
 */
export const WebhookDeliveryLogSchema = z
  .object({
    id: z.string(),
    app_id: z.string(),
    webhook_id: z.string().nullable(),
    event_type: z.string(),
    target_url: z.string(),
    status_code: z.number().int(),
    response: z.string().nullable().meta({ description: 'Response body (first 4 KB) or the network error' }),
    created_at: z.string(),
    response_time_ms: z.number().nullable(),
    retry_count: z.number().int(),
    delivery_id: z.string().nullable(),
    error_kind: z.enum(DELIVERY_ERROR_KINDS).nullable(),
  })
  .meta({ id: 'WebhookDeliveryLog' });
export type WebhookDeliveryLog = z.infer<typeof WebhookDeliveryLogSchema>;
export const WebhookDeliveryLogListSchema = z.array(WebhookDeliveryLogSchema);

/** ?limit= of the log lists: 1 to 500, default 100 (the spec's screens ask for 100). */
export const LogListQuery = z.object({
  limit: limitParam(WEBHOOK_LOGS_MAX_LIMIT, LOG_LIMIT_INVALID).default(WEBHOOK_LOGS_DEFAULT_LIMIT),
  /** The next page: the `X-Next-Cursor` header (or the `Link: rel="next"` URL) of the previous answer. */
  cursor: z.string().max(1024).optional(),
});
export const LOG_CURSOR_INVALID = 'cursor is not a cursor of this list';

/** POST /api/simulate-event. data is sent as the event's data, marked test: true. */
export const SimulateEventRequest = z.object(
  {
    app_id: z.string({ error: SIMULATE_REQUIRED }).trim().min(1, SIMULATE_REQUIRED).max(128, MSG.appNotFound),
    event_type: z.string({ error: SIMULATE_REQUIRED }).trim().min(1, SIMULATE_REQUIRED).max(100),
    data: z.record(z.string().max(200), z.unknown()).optional(),
  },
  { error: SIMULATE_REQUIRED },
);
export type SimulateEventRequest = z.input<typeof SimulateEventRequest>;

export const DeliverySummarySchema = z.object({
  webhooks: z.number().int().meta({ description: 'Active webhooks of the app subscribed to the event type' }),
  queued: z.number().int().meta({ description: 'Deliveries handed to the queue' }),
  event_type: z.string(),
  delivery_ids: z.array(z.string()).meta({ description: 'The webhook-id of each delivery' }),
});
export type DeliverySummary = z.infer<typeof DeliverySummarySchema>;

export const SimulateEventResponse = z
  .object({ summary: DeliverySummarySchema, message: z.string() })
  .meta({ id: 'SimulateEventResponse' });
export type SimulateEventResponse = z.infer<typeof SimulateEventResponse>;

export const ReplayResponse = z
  .object({ message: z.string(), delivery_id: z.string() })
  .meta({ id: 'WebhookReplayResponse' });

export const simulateMessage = (n: number, eventType: string) =>
  n === 0
    ? `No active webhooks for ${eventType} on this app: nothing was sent`
    : `Test event ${eventType} queued for ${n} webhook${n === 1 ? '' : 's'}`;
