import type { PermissionsCatalogue } from '@shared/schemas/permissions';
import useSWR from 'swr';
import { api } from '@/lib/api-client';

/** GET /api/data-access/catalogue: the synced features and event types a developer can declare. */
export const usePermissionsCatalogue = () =>
  useSWR('/api/data-access/catalogue', (key: string) => api.get<PermissionsCatalogue>(key), {
    shouldRetryOnError: false,
  });
