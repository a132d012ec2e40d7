import type { AppType } from '@shared/constants';
import type { AdminApp } from '@shared/schemas/apps';

/** GET /api/admin/apps (each item): every app of every type with its developer's e-mail and sales. */
export type AdminAppRow = Partial<AdminApp> & { id: string; name: string; type: AppType };

/** GET /api/admin/apps/{id}/purchases, as the server's schema says (a type-only import: no zod). */
export type { AdminPurchase } from '@shared/schemas/checkout';
