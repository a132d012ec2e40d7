/**
 * What the webhooks module needs from the outside world. The core owns these interfaces;
 * functions/adapters/ implements them (DynamoDB, SQS or the in-process queue, HTTP out, SES).
 */

import type { DeliveryErrorKind } from '@shared/schemas/webhooks';
import type { Page } from '../paging';
import type { Log, Mailer } from '../users/ports';
import type { EventTypeDefinition } from './event-catalogue';
import type { DeliveryLogRecord, DeliveryRecord, WebhookRecord } from './webhook';

export type { Log, Mailer };

export interface WebhookStore {
  /**
   * Stores the webhook and its id lookup in one transaction, counting it on its developer's counter
   * on condition that fewer than `cap.max` are counted (a counter not written yet starts at
   * `cap.existing`). False, and nothing stored, when the developer is at the cap.
   */
  create(webhook: WebhookRecord, cap: { max: number; existing: number }): Promise<boolean>;
  /** Strongly consistent; undefined when deleted. */
  get(appId: string, webhookId: string): Promise<WebhookRecord | undefined>;
  /** By id alone (DELETE /api/webhooks/{id}); strongly consistent. */
  findById(webhookId: string): Promise<WebhookRecord | undefined>;
  listByApp(appId: string): Promise<WebhookRecord[]>;
  /** Deletes the webhook and its lookup; false when it was already gone. */
  delete(webhook: WebhookRecord): Promise<boolean>;
  /** Records the start of a failure streak, unless one is already recorded. Never recreates a deleted webhook. */
  markFailing(webhook: WebhookRecord, since: string): Promise<void>;
  /** Ends the failure streak (after a success). */
  clearFailing(webhook: WebhookRecord): Promise<void>;
  /** Sets is_active false with a reason; true only for the call that actually disabled it. */
  disable(webhook: WebhookRecord, reason: string, at: string): Promise<boolean>;
  /** Active webhooks whose failure streak began before `before` (ISO), oldest first. */
  listFailingSince(before: string, limit: number): Promise<WebhookRecord[]>;
}

export type AttemptOutcome =
  | { kind: 'succeeded' | 'failed' | 'cancelled'; outcome: string }
  | { kind: 'retry'; scheduleStep: number; dueAt: number };

export interface DeliveryStore {
  create(delivery: DeliveryRecord, ttlSeconds: number): Promise<void>;
  get(id: string): Promise<DeliveryRecord | undefined>;
  /**
   * Takes attempt `attempt` of a pending delivery for a worker until `leaseUntil`: only if the
   * delivery is pending, at that attempt, and nobody holds an unexpired lease. Undefined otherwise
   * (a stale or duplicate message).
   */
  claim(id: string, attempt: number, leaseUntil: number, nowMs: number): Promise<DeliveryRecord | undefined>;
  /** Records how the claimed attempt ended (only while the claim holds); false when it no longer held. */
  finish(id: string, attempt: number, leaseUntil: number, outcome: AttemptOutcome): Promise<boolean>;
  /** Pending deliveries whose due_at has passed, oldest first. */
  listDue(nowMs: number, limit: number): Promise<Array<Pick<DeliveryRecord, 'id' | 'attempt' | 'due_at'>>>;
  /**
   * Moves due_at from `dueAt` to `nextDueAt` if it is still `dueAt` and the delivery is pending
   * (one scheduler run wins); the updated delivery, or undefined.
   */
  rearm(id: string, dueAt: number, nextDueAt: number): Promise<DeliveryRecord | undefined>;
  /**
   * Makes the delivery pending again at its next attempt number (a replay), due at `dueAt`;
   * `noRetry` for a delivery that had finished (one attempt, no schedule). Only if it is still at
   * `current.attempt`; an attempt in flight keeps its lease (the replay message then waits for it).
   */
  reopen(current: DeliveryRecord, dueAt: number, noRetry: boolean): Promise<DeliveryRecord | undefined>;
}

export interface DeliveryLogStore {
  put(log: DeliveryLogRecord, ttlSeconds: number): Promise<void>;
  get(id: string): Promise<DeliveryLogRecord | undefined>;
  /** Newest first. */
  listByApp(appId: string, limit: number): Promise<DeliveryLogRecord[]>;
  /** Newest first, every app (admin), one page from a cursor. */
  pageAll(limit: number, cursor?: string): Promise<Page<DeliveryLogRecord>>;
}

export interface EventTypeStore {
  /** The synced internal catalogue's event types (active ones); empty before an internal sync. */
  list(): Promise<EventTypeDefinition[]>;
}

export interface AppDirectory {
  /** The app's owner and name, and whether it is listed now; undefined when there is no such app. */
  find(appId: string): Promise<{ id: string; user_id: string; name: string; listed: boolean } | undefined>;
}

export interface UserDirectory {
  find(userId: string): Promise<{ email: string; full_name: string } | undefined>;
}

/** A queue with SQS's contract: at-least-once, optional delay (SQS allows up to 900 s). */
export interface MessageQueue {
  send(body: string, options?: { delaySeconds?: number }): Promise<void>;
}

export interface OutgoingWebhook {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  allowInternal: boolean;
  maxResponseBytes: number;
}

export interface WebhookResponse {
  /** 0 when no HTTP answer came. */
  status: number;
  /** The response body (bounded), or the network error's description. */
  body: string | null;
  durationMs: number;
  errorKind: DeliveryErrorKind | null;
  retryAfter?: string;
}

export interface WebhookSender {
  send(request: OutgoingWebhook): Promise<WebhookResponse>;
}

export type TargetCheck = { ok: true } | { ok: false; reason: string };

/** Checks a target URL before a webhook is saved: scheme, and (unless allowed) internal addresses. */
export type TargetChecker = (url: string, options: { allowInternal: boolean }) => Promise<TargetCheck>;
