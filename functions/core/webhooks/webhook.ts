/**
 * Webhooks, deliveries and delivery logs as the domain keeps them, and the mappers that turn them
 * into answers. Mappers list fields explicitly: nothing stored leaks by accident.
 */
import {
  type DeliveryErrorKind,
  WEBHOOK_SECRET_VISIBLE,
  type Webhook,
  type WebhookDeliveryLog,
} from '@shared/schemas/webhooks';

export interface WebhookRecord {
  id: string;
  app_id: string;
  /** Owner of the app when the webhook was made: authorises delete without reading the app. */
  user_id: string;
  event_type: string;
  target_url: string;
  /** whsec_...: the owner sees it (they verify with it); logs and admin views never carry it. */
  secret: string;
  is_active: boolean;
  created_at: string;
  /** Set when the platform disabled it (410 Gone, or failing for days). */
  disabled_reason: string | null;
  disabled_at: string | null;
  /** ISO time of the first failure of the current failure streak; null after a success. */
  failing_since: string | null;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

/**
 * One event on its way to one webhook. The id is the `webhook-id` every attempt carries; the
 * payload is the exact body, signed afresh at each attempt. `attempt` is the number of the next
 * attempt to make (its retry_count); queue messages name it, so a stale or duplicate message is
 * recognised and ignored.
 */
export interface DeliveryRecord {
  id: string;
  webhook_id: string;
  app_id: string;
  event_type: string;
  payload: string;
  created_at: string;
  status: DeliveryStatus;
  attempt: number;
  /** Index into the retry schedule for the next failure. */
  schedule_step: number;
  /** A replay of a finished delivery is one attempt: no automatic retries after it. */
  no_retry: boolean;
  /**
   * A practice's event (patient data) from an outside system: each attempt is made only while
   * the app is listed, so suspending or deleting an app stops its pending deliveries too.
   */
  practice_event: boolean;
  /** Epoch ms until which a worker holds the current attempt. */
  lease_until: number | null;
  /** Epoch ms when the scheduler should (re)enqueue it: the retry time, or a watchdog after a queued send. */
  due_at: number | null;
  /** How it ended, for operators. */
  outcome: string | null;
}

export interface DeliveryLogRecord {
  id: string;
  app_id: string;
  webhook_id: string | null;
  event_type: string;
  target_url: string;
  /** 0 when no HTTP answer came. */
  status_code: number;
  response: string | null;
  created_at: string;
  response_time_ms: number | null;
  retry_count: number;
  delivery_id: string | null;
  error_kind: DeliveryErrorKind | null;
}

/**
 * The webhook as its owner sees it. The full secret leaves the server once, in the answer to
 * create (`fullSecret`); every list carries its first 10 characters (spec section 2).
 */
export function toWebhookView(w: WebhookRecord, opts: { fullSecret?: boolean; eventTypeAvailable: boolean }): Webhook {
  return {
    id: w.id,
    app_id: w.app_id,
    event_type: w.event_type,
    target_url: w.target_url,
    secret: opts.fullSecret ? w.secret : w.secret.slice(0, WEBHOOK_SECRET_VISIBLE),
    is_active: w.is_active,
    created_at: w.created_at,
    disabled_reason: w.disabled_reason,
    event_type_available: opts.eventTypeAvailable,
  };
}

export function toLogView(l: DeliveryLogRecord): WebhookDeliveryLog {
  return {
    id: l.id,
    app_id: l.app_id,
    webhook_id: l.webhook_id,
    event_type: l.event_type,
    target_url: l.target_url,
    status_code: l.status_code,
    response: l.response,
    created_at: l.created_at,
    response_time_ms: l.response_time_ms,
    retry_count: l.retry_count,
    delivery_id: l.delivery_id,
    error_kind: l.error_kind,
  };
}

/** The UI's replay rule (spec section 4: status 400 or more) plus attempts with no HTTP answer. */
export const isReplayable = (statusCode: number | null): boolean =>
  statusCode === null || statusCode === 0 || statusCode >= 400;

export const isSuccess = (statusCode: number): boolean => statusCode >= 200 && statusCode < 300;
