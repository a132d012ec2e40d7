import type { AuditPage } from '@shared/schemas/audit';
import useSWR from 'swr';
import { api } from '@/lib/api-client';
import { listPageUrl } from '@/lib/list-page-url';

export interface AuditFilters {
  action?: string;
  actor?: string;
  target_id?: string;
  from?: string;
  to?: string;
}

/** The URL of one page of GET /api/admin/audit (filters as given, empty ones left out). */
export function auditUrl(filters: AuditFilters, cursor: string | null, limit = 25): string {
  return listPageUrl('/api/admin/audit', { ...filters, limit }, cursor);
}

export function useAuditPage(filters: AuditFilters, cursor: string | null) {
  return useSWR(auditUrl(filters, cursor), (url: string) => api.get<AuditPage>(url), { shouldRetryOnError: false });
}
