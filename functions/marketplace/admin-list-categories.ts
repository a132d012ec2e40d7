import { ok, type RouteHandler } from '../http/types';
import { categoryService } from '../wiring/catalogue';

/** GET /api/admin/categories: every category (inactive too) with the number of apps filed under it. */
export const adminListCategories: RouteHandler = async () => ok(await categoryService.listForAdmin());
