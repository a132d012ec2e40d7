import { CategoryDeleteQuerySchema } from '../../shared/schemas/categories';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { categoryService } from './services';
import { CategoryIdParams } from './update-category';

/**
 * DELETE /api/admin/categories/{id}[?reassign_to=<slug>]: a category that still has apps is
 * refused (409, saying how many) unless reassign_to names the category to move them to.
 */
export const deleteCategory: RouteHandler = async (req) => {
  const { id } = parse(CategoryIdParams, req.params);
  const { reassign_to } = parse(CategoryDeleteQuerySchema, req.query);
  const { moved_apps } = await categoryService.remove(id, reassign_to);
  return ok({ message: 'Category deleted', moved_apps });
};
