import { FeaturesQuery } from '@shared/schemas/sync';
import { type AdminHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { syncService } from '../wiring/sync';

/** GET /api/internal-sync/features?search=&category=: Queries of the feature partitions, never a Scan. */
export const listFeatures: AdminHandler = async (req) => {
  const filter = parse(FeaturesQuery, req.query);
  return ok({
    features: await syncService.queries.features({
      search: filter.search || undefined,
      category: filter.category && filter.category !== 'All Categories' ? filter.category : undefined,
    }),
  });
};
