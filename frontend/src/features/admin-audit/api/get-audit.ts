import type { AuditPage } from '@shared/schemas/audit';
import useSWR from 'swr';
import { api } from '@/lib/api-client';

export interface AuditFilters {
  action?: string;
  actor?: string;
  target_id?: string;
  from?: string;
  to?: string;
}

/** The URL of one page of GET /api/admin/audit (filters as given, empty ones left out). */
export function auditUrl(filters: AuditFilters, cursor: string | null, limit = 25): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v?.trim()) q.set(k, v.trim());
  q.set('limit', String(limit));
  if (cursor) q.set('cursor', cursor);
  return `/api/admin/audit?${q.toString()}`;
}

export function useAuditPage(filters: AuditFilters, cursor: string | null) {
  return useSWR(auditUrl(filters, cursor), (url: string) => api.get<AuditPage>(url), { shouldRetryOnError: false });
}
