import * as z from 'zod';
import { MSG } from '../../shared/messages';
import { CategoryPayloadSchema } from '../../shared/schemas/categories';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { categoryService } from './services';

export const CategoryIdParams = z.object({
  id: z.string().trim().min(1, MSG.categoryNotFound).max(100, MSG.categoryNotFound),
});

/** PUT /api/admin/categories/{id}: full form payload; its apps follow a new name or slug. */
export const updateCategory: RouteHandler = async (req) => {
  const { id } = parse(CategoryIdParams, req.params);
  return ok(await categoryService.update(id, parse(CategoryPayloadSchema, req.body)));
};
