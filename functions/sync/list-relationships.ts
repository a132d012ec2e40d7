import { RelationshipsQuery } from '@shared/schemas/sync';
import { type AdminHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { syncService } from '../wiring/sync';

/** GET /api/internal-sync/relationships?table=: foreign keys (from one table: a Query of its partition). */
export const listRelationships: AdminHandler = async (req) => {
  const { table } = parse(RelationshipsQuery, req.query);
  return ok({ relationships: await syncService.queries.relationships(table || undefined) });
};
