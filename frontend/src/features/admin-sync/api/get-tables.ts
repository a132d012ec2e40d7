import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { CatalogueTable } from '../types';
import { listOrEmpty } from './ignore-list-failure';

export const TABLES_KEY = '/api/internal-sync/tables';

/** GET /api/internal-sync/tables: the internal data model, with column counts and references. */
export const getTables = () =>
  listOrEmpty('tables', async () => (await api.get<{ tables?: CatalogueTable[] }>(TABLES_KEY))?.tables);

export function useTables() {
  return useSWR(TABLES_KEY, getTables);
}
