/**
 * The audit trail's one call for handlers. The route table marks audited routes; the group handler
 * writes exactly one entry per call of such a route that changes something, WITH the change: the
 * request's first table write carries the entry in the same transaction (adapters/dynamodb/
 * audit-scope.ts), so no audited change commits without its entry and a refused change (a failed
 * condition, a 4xx before any write) leaves none. Routes whose change is not a table write have
 * their entry written before the change (AUDIT_BEFORE_CHANGE). After the answer the entry is
 * completed with what the handler knows about the object it changed, given with ONE call:
 *
 *   audit(req, { target_id: app.id, target_label: app.name, before: { is_approved: false }, after: { is_approved: true } });
 *
 * Only the fields that differ between before and after are kept, and secret fields (secrets,
 * passwords, hashes, licence keys, tokens) are stored as "[redacted]". An entry whose completion
 * failed keeps what it was written with (action, actor id, route, the path's target, time, client)
 * with status 0, and the failure is logged.
 */
import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '@shared/schemas/audit';
import { getConfig } from '../config';
import { type AuditDetail, type AuditScope, changedFields } from '../core/audit/audit';
import { AppError } from '../core/errors';
import { routeKey } from '../routes';
import { auditLog } from '../wiring/audit';
import { logger } from './logger';
import type { ApiRequest } from './types';

export type { AuditDetail };

/**
 * Audited routes whose change is not (only) a table write the request makes: their entry is
 * written before the handler runs, completed after, and deleted when the route refuses (4xx).
 */
export const AUDIT_BEFORE_CHANGE: Readonly<Record<string, string>> = {
  'POST /api/keys/{id}/reveal': 'a read of a secret: the entry is written before the key is shown, or it is not shown',
  'POST /api/admin/purchases/{id}/refund': "Stripe's refund is made before the purchase's write: the entry comes first",
  'POST /api/admin/users/{id}/resend-invitation': 'a mail sent: the entry is written before the mail',
  'POST /api/admin/sync/trigger': 'a sync run queued (SQS): the entry is written before the message',
  'POST /api/admin/sync/queue/retry-failed': 'failed messages sent back to the queue (SQS): the entry comes first',
  'POST /api/internal-sync/load': 'a batch write (BatchWriteItem carries no transaction): the entry comes first',
};

/**
 * Audited routes that may answer 2xx without any table write, and why. Every other audited route's
 * change is a table write that carries its entry (or its entry comes first: AUDIT_BEFORE_CHANGE);
 * reaching the after-the-answer fallback of finishAudited means its change escaped the audit scope
 * (a write that cannot carry the entry: ReturnValues ALL_OLD, BatchWrite, a direct command). The
 * test stack answers such a call with 500 (AUDIT_UNLISTED_NO_WRITE=fail), so it cannot pass silently.
 */
export const AUDIT_MAY_WRITE_NOTHING: Readonly<Record<string, string>> = {
  'POST /api/simulate-event':
    'a test event for an app with no active webhook subscribed to its type queues no delivery: nothing in the table changes, the entry records the attempt',
  'POST /api/approve-user':
    'approving an approved developer with no inactive production key changes nothing (an idempotent repeat)',
  'POST /api/admin/users/{id}/approve-production':
    'approving an approved developer with no inactive production key changes nothing (an idempotent repeat)',
  'POST /api/installs/{id}/revoke': 'revoking a revoked install changes nothing (an idempotent repeat)',
  'POST /api/admin/apps/{id}/clear-flag':
    'marking reviewed an app with no waiting change changes nothing (an idempotent repeat)',
};

/**
 * Route keys of the calls this process answered with no table write although their route is not in
 * AUDIT_MAY_WRITE_NOTHING, recorded with AUDIT_UNLISTED_NO_WRITE=fail (process-wide: the test
 * stack's teardown fails the run on any).
 */
export function unlistedNoWriteCalls(): string[] {
  const holder = globalThis as typeof globalThis & { __auditUnlistedNoWrite?: string[] };
  holder.__auditUnlistedNoWrite ??= [];
  return holder.__auditUnlistedNoWrite;
}

const details = new WeakMap<ApiRequest, AuditDetail>();

/** Adds what the handler knows about the change to this request's audit entry (later calls merge). */
export function audit(req: ApiRequest, detail: AuditDetail): void {
  details.set(req, { ...details.get(req), ...detail });
}

/** The entry of a call of an audited route with this status (null when the route is not audited). */
function entryOf(req: ApiRequest, status: number, id: string, at: Date): AuditEntry | null {
  const mark = req.route.audit;
  const actor = req.auth;
  if (!mark || !actor) return null;
  const d = details.get(req) ?? {};
  const pathId = req.params.id ?? req.params.session_id ?? null;
  return {
    id,
    at: at.toISOString(),
    action: mark.action,
    actor_id: actor.userId,
    actor_email: actor.email.toLowerCase(),
    actor_role: actor.role,
    route: `${req.route.method} ${req.route.path}`,
    target_type: d.target_type ?? mark.target,
    target_id: d.target_id !== undefined ? d.target_id : pathId,
    target_label: d.target_label ?? null,
    client_ip: req.clientIp,
    status,
    changes: changedFields(d.before, d.after),
  };
}

/** The entry of a successful call of an audited route (null when the route is not audited or the call failed). */
export function auditEntryOf(req: ApiRequest, status: number, now = new Date()): AuditEntry | null {
  if (status < 200 || status >= 300) return null;
  return entryOf(req, status, randomUUID(), now);
}

/** One audited call: its pending entry (status 0) and the scope its change runs in. */
export interface AuditedCall {
  readonly req: ApiRequest;
  readonly entry: AuditEntry;
  readonly scope: AuditScope;
  /** The entry was written before the change (AUDIT_BEFORE_CHANGE). */
  writtenFirst: boolean;
}

/**
 * Opens the audit of a call: its pending entry and the scope its endpoint runs in (null for a
 * route that is not audited). An entry that must come first and cannot be written stops the call.
 */
export async function openAudited(req: ApiRequest): Promise<AuditedCall | null> {
  const entry = entryOf(req, 0, randomUUID(), new Date());
  if (!entry) return null;
  const call: AuditedCall = { req, entry, scope: auditLog.scope(entry), writtenFirst: false };
  if (routeKey(req.route) in AUDIT_BEFORE_CHANGE) {
    await auditLog.write(entry);
    call.writtenFirst = true;
  }
  return call;
}

const logFailure = (message: string, entry: AuditEntry, err: unknown) =>
  logger.error(message, {
    action: entry.action,
    audit_id: entry.id,
    target_id: entry.target_id,
    actor_id: entry.actor_id,
    error: err instanceof Error ? err.message : String(err),
  });

/** The status a thrown error answers with (errorMapping): a named error's, else a 5xx. */
export const statusOfError = (err: unknown): number => (err instanceof AppError ? err.status : 500);

/**
 * After the answer: completes the entry written with the change (target, label, status, changes);
 * deletes one written before a change the route refused; writes the entry of a successful call
 * that made no table write (nothing changed in the table: an idempotent repeat, on a route of
 * AUDIT_MAY_WRITE_NOTHING). Failures are logged: the change and its entry, when there was one, are
 * committed already. Resolves to false when the call made no table write on a route not listed
 * there and the configuration says such a call fails (AUDIT_UNLISTED_NO_WRITE=fail): the caller
 * then answers 500.
 */
export async function finishAudited(call: AuditedCall, status: number): Promise<boolean> {
  const written = call.scope.carried() || call.writtenFirst;
  const final = entryOf(call.req, status, call.entry.id, new Date(call.entry.at)) as AuditEntry;
  const ok = status >= 200 && status < 300;
  const listed = routeKey(call.req.route) in AUDIT_MAY_WRITE_NOTHING;
  const failUnlisted = getConfig().AUDIT_UNLISTED_NO_WRITE === 'fail';
  try {
    if (written && !call.scope.carried() && status >= 400 && status < 500) await auditLog.drop(final);
    else if (written) await auditLog.complete(final);
    else if (ok) {
      if (!listed) {
        if (failUnlisted) unlistedNoWriteCalls().push(final.route);
        logger.error('audited call made no table write and its route is not in AUDIT_MAY_WRITE_NOTHING', {
          action: final.action,
          route: final.route,
        });
      }
      await auditLog.write(final);
    }
  } catch (err) {
    logFailure(written ? 'audit entry not completed' : 'audit entry not written', final, err);
  }
  return written || !ok || listed || !failUnlisted;
}
