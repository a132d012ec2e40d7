/**
 * The audit trail: who did what to which object, when, from which client address, and
 * the before/after of the fields that changed (secrets never appear). Entries are written by the
 * group handler for the routes functions/routes.ts marks `audit`, after a successful state change,
 * and read by admins on System Logs > Audit (GET /api/admin/audit, paged on the server). No route
 * changes or deletes an entry; DynamoDB's TTL removes it after AUDIT_RETENTION_DAYS.
 */
import * as z from 'zod';
import { ROLES } from '../constants';
import { AUDIT_PAGE_MAX, AUDIT_PAGE_SIZE, AUDIT_QUERY_MESSAGES } from '../rules/audit';
import { cursorPage } from './paging';
import { limitParam } from './query-numbers';

export { AUDIT_PAGE_MAX, AUDIT_PAGE_SIZE, AUDIT_QUERY_MESSAGES } from '../rules/audit';

/** What a changed field looked like before and after (null: absent). */
export const AuditChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

export const AuditEntrySchema = z.object({
  id: z.string(),
  /** ISO time of the change. */
  at: z.string(),
  /** e.g. "app.approve", "api_key.rotate" (the route table's `audit` name). */
  action: z.string(),
  actor_id: z.string(),
  actor_email: z.string(),
  /** `system` for what an outside system did (a refund or dispute made in Stripe's dashboard). */
  actor_role: z.enum([...ROLES, 'system']),
  /** "POST /api/admin/apps/{id}/approve" */
  route: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** A readable name of the object when the handler knows it (app name, e-mail, ...). */
  target_label: z.string().nullable(),
  client_ip: z.string(),
  status: z.number().int(),
  /** Changed fields only; secret values read "[redacted]". */
  changes: z.record(z.string(), AuditChangeSchema),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const isoDay = /^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/;

/** GET /api/admin/audit query: newest first; every filter optional. */
export const AuditQuerySchema = z
  .object({
    action: z.string().trim().max(60, 'action: at most 60 characters').optional().describe('exact action name'),
    actor: z
      .string()
      .trim()
      .max(254, 'actor: at most 254 characters')
      .optional()
      .describe("the actor's id, or the e-mail their account has now"),
    target_id: z.string().trim().max(200, 'target_id: at most 200 characters').optional(),
    from: z.string().trim().max(40).regex(isoDay, AUDIT_QUERY_MESSAGES.date).optional().describe('on or after (UTC)'),
    to: z.string().trim().max(40).regex(isoDay, AUDIT_QUERY_MESSAGES.date).optional().describe('on or before (UTC)'),
    limit: limitParam(AUDIT_PAGE_MAX, AUDIT_QUERY_MESSAGES.limit).default(AUDIT_PAGE_SIZE),
    cursor: z.string().max(1000, AUDIT_QUERY_MESSAGES.cursor).optional().describe('next_cursor of the page before'),
  })
  .refine((q) => !q.from || !q.to || q.from.slice(0, 10) <= q.to.slice(0, 10), { message: AUDIT_QUERY_MESSAGES.range });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditPageSchema = cursorPage({ entries: z.array(AuditEntrySchema) }).extend({
  /** Days an entry is kept (AUDIT_RETENTION_DAYS). */
  retention_days: z.number().int(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
