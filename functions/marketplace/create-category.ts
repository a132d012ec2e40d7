import { CategoryPayloadSchema } from '../../shared/schemas/categories';
import { created, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { categoryService } from './services';

/** POST /api/admin/categories: 201 with the category; duplicate slug -> 409. */
export const createCategory: RouteHandler = async (req) =>
  created(await categoryService.create(parse(CategoryPayloadSchema, req.body)));
