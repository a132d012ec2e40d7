import { AuditQuerySchema } from '@shared/schemas/audit';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { auditReader } from '../../wiring/audit-reader';

/**
 * GET /api/admin/audit [?action&actor&target_id&from&to&limit&cursor]: the audit trail, newest
 * first, one page (Queries of the audit partitions, never a Scan).
 */
export const listAuditEntries: AdminHandler = async (req) =>
  ok(await auditReader.page(parse(AuditQuerySchema, req.query)));
