import type { AppType } from '../../../../shared/constants';
import type { AdminApp } from '../../../../shared/schemas/apps';

/** GET /api/admin/apps (each item): every app of every type with its developer's e-mail and sales. */
export type AdminAppRow = Partial<AdminApp> & { id: string; name: string; type: AppType };

/** GET /api/admin/apps/{id}/purchases (each item, section 3 'Admin purchase view'). */
export interface AdminPurchase {
  id: string;
  /** 'completed' counts towards revenue; anything else does not. */
  status?: string | null;
  /** Dollars. */
  amount?: number | null;
  currency?: string | null;
  created_at?: string | null;
  user?: { name?: string | null; email?: string | null } | null;
  /** Why the purchase needs attention (payment mismatch, dispute), or null. */
  flag?: string | null;
}
