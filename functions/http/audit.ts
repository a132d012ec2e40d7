/**
 * The audit trail's one call for handlers. The route table marks audited routes; the
 * group handler writes exactly one entry after each successful (2xx) call of such a route, on its
 * own. A handler that knows more about the object it changed adds it with ONE call:
 *
 *   audit(req, { target_id: app.id, target_label: app.name, before: { is_approved: false }, after: { is_approved: true } });
 *
 * Only the fields that differ between before and after are kept, and secret fields (secrets,
 * passwords, hashes, licence keys, tokens) are stored as "[redacted]".
 */
import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '../../shared/schemas/audit';
import { type AuditDetail, changedFields } from '../core/audit/audit';
import { auditLog } from '../wiring/audit';
import { logger } from './logger';
import type { ApiRequest } from './types';

export type { AuditDetail };

const details = new WeakMap<ApiRequest, AuditDetail>();

/** Adds what the handler knows about the change to this request's audit entry (later calls merge). */
export function audit(req: ApiRequest, detail: AuditDetail): void {
  details.set(req, { ...details.get(req), ...detail });
}

/** The entry of a successful call of an audited route (null when the route is not audited). */
export function auditEntryOf(req: ApiRequest, status: number, now = new Date()): AuditEntry | null {
  const mark = req.route.audit;
  const actor = req.auth;
  if (!mark || !actor || status < 200 || status >= 300) return null;
  const d = details.get(req) ?? {};
  const pathId = req.params.id ?? req.params.session_id ?? null;
  return {
    id: randomUUID(),
    at: now.toISOString(),
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

/**
 * Writes the entry of a successful audited call. The state change has happened: a failure to
 * write the entry is logged loudly (an alarm on the error log) rather than turned into an error
 * answer for a change that was made.
 */
export async function writeAuditEntry(req: ApiRequest, status: number): Promise<void> {
  const entry = auditEntryOf(req, status);
  if (!entry) return;
  try {
    await auditLog.write(entry);
  } catch (err) {
    logger.error('audit entry not written', {
      action: entry.action,
      target_id: entry.target_id,
      actor_id: entry.actor_id,
      error: err instanceof Error ? err.message : String(err),
    });
  }
}
