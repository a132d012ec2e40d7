import { type AdminHandler, ok } from '../../http/types';
import { categoryService } from '../../wiring/catalogue';

/** GET /api/admin/categories: every category (inactive too) with the number of apps filed under it. */
export const adminListCategories: AdminHandler = async () => ok(await categoryService.listForAdmin());
