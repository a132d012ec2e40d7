/**
 * Audit trail rules without zod (page sizes, the texts the audit query answers with), for the
 * audit trail's writer and reader in every function as well as the schemas in
 * shared/schemas/audit.ts (which re-exports them).
 */
export const AUDIT_PAGE_SIZE = 25;
export const AUDIT_PAGE_MAX = 100;

export const AUDIT_QUERY_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${AUDIT_PAGE_MAX}`,
  date: 'from and to must be dates (YYYY-MM-DD) or ISO times',
  range: 'from must not be after to',
  cursor: 'Invalid cursor',
} as const;
