/**
 * The audit trail (core/audit/audit.ts): entries written by the group handler (http/audit.ts) with
 * the retention of AUDIT_RETENTION_DAYS, read by the admin with DynamoDB Queries.
 */
import { dynamoAuditStore } from '../adapters/dynamodb/audit-repo';
import { getConfig } from '../config';
import { createAuditLog } from '../core/audit/audit';
import { lazyService } from './lazy';

export const auditLog = /* @__PURE__ */ lazyService(() =>
  createAuditLog({ store: dynamoAuditStore, retentionDays: getConfig().AUDIT_RETENTION_DAYS }),
);
