/** The audit trail as the admin reads it (core/audit/audit.ts): DynamoDB Queries, and the retention of AUDIT_RETENTION_DAYS. */
import { dynamoAuditStore } from '../adapters/dynamodb/audit-repo';
import { getConfig } from '../config';
import { createAuditLog } from '../core/audit/audit';
import { lazyService } from './lazy';

export const auditLog = /* @__PURE__ */ lazyService(() =>
  createAuditLog({ store: dynamoAuditStore, retentionDays: getConfig().AUDIT_RETENTION_DAYS }),
);
