import { type AdminHandler, ok } from '../http/types';
import { syncService } from '../wiring/sync';

/** GET /api/internal-sync/categories: the feature categories. */
export const listCategories: AdminHandler = async () =>
  ok({ feature_categories: await syncService.queries.categories() });
