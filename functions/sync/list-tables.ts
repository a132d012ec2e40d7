import { TablesQuery } from '@shared/schemas/sync';
import { type AdminHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { syncService } from '../wiring/sync';

/** GET /api/internal-sync/tables?search=: tables with column counts and the tables they reference. */
export const listTables: AdminHandler = async (req) => {
  const { search } = parse(TablesQuery, req.query);
  return ok({ tables: await syncService.queries.tables(search || undefined) });
};
