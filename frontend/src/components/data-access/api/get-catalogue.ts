import useSWR from 'swr';
import type { DataAccessCatalogue } from '../../../../../shared/schemas/data-access';
import { api } from '../../../lib/api-client';

/** GET /api/data-access/catalogue: the synced features and event types a developer can declare. */
export const useDataAccessCatalogue = () =>
  useSWR('/api/data-access/catalogue', (key: string) => api.get<DataAccessCatalogue>(key), {
    shouldRetryOnError: false,
  });
