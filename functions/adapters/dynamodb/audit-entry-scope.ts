/**
 * The scope of one audited call's entry (audit-scope.ts): the entry's item, put as a new item by
 * the first write of the change. In its own module so that a function that never opens a scope
 * (an unaudited group's) does not carry the entry's write (test/infra/table-needs.ts reads the
 * bundle's modules).
 */
import type { AuditScope } from '../../core/audit/audit';
import { type AuditScopeState, inAuditScope } from './audit-scope';
import { tx } from './dynamo';
import { auditKeys } from './keys';

/** `item` is the entry's item (audit-repo.ts auditEntryItem), `id` its entry's id. */
export function entryScope(id: string, item: Record<string, unknown>): AuditScope {
  const state: AuditScopeState = { put: () => tx.putNew({ ...item, ...auditKeys.entry(id) }), carried: false };
  return { run: (fn) => inAuditScope(state, fn), carried: () => state.carried };
}
