import { CategoryDeleteQuerySchema } from '@shared/schemas/categories';
import { audit } from '../../http/audit';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { categoryService } from '../../wiring/catalogue';
import { CategoryIdParams } from './update-category';

/**
 * DELETE /api/admin/categories/{id}[?reassign_to=<slug>]: a category that still has apps is
 * refused (409, saying how many) unless reassign_to names the category to move them to.
 */
export const deleteCategory: AdminHandler = async (req) => {
  const { id } = parse(CategoryIdParams, req.params);
  const { reassign_to } = parse(CategoryDeleteQuerySchema, req.query);
  const before = (await categoryService.listForAdmin()).find((c) => c.id === id);
  const { moved_apps } = await categoryService.remove(id, reassign_to);
  audit(req, {
    target_label: before?.name ?? null,
    before: { exists: true, app_count: before?.app_count ?? null },
    after: { exists: false, reassigned_to: reassign_to ?? null, moved_apps },
  });
  return ok({ message: 'Category deleted', moved_apps });
};
