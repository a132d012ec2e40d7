/**
 * The admin's reading of the audit trail (GET /api/admin/audit): the trail of wiring/audit.ts plus
 * the account lookup its actor filter needs (an e-mail read as the account that has it now). On
 * its own so the writers (every function's group handler) carry no users repository.
 */
import { dynamoAuditStore } from '../adapters/dynamodb/audit-repo';
import { dynamoUsersRepository } from '../adapters/dynamodb/users-repo';
import { getConfig } from '../config';
import { createAuditLog } from '../core/audit/audit';
import { lazyService } from './lazy';

export const auditReader = /* @__PURE__ */ lazyService(() =>
  createAuditLog({
    store: dynamoAuditStore,
    retentionDays: getConfig().AUDIT_RETENTION_DAYS,
    accountIdOf: async (email) => (await dynamoUsersRepository.findByEmail(email))?.id,
  }),
);
