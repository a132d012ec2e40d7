import { AuditQuerySchema } from '../../../shared/schemas/audit';
import { dynamoAuditStore } from '../../adapters/dynamodb/audit-repo';
import { getConfig } from '../../config';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';

/**
 * GET /api/admin/audit [?action&actor&target_id&from&to&limit&cursor]: the audit trail, newest
 * first, one page (Queries of the audit partitions, never a Scan).
 */
export const listAuditEntries: AdminHandler = async (req) => {
  const query = parse(AuditQuerySchema, req.query);
  const page = await dynamoAuditStore.page(query);
  return ok({ ...page, retention_days: getConfig().AUDIT_RETENTION_DAYS });
};
