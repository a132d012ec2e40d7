import { CategoryPayloadSchema } from '@shared/schemas/categories';
import { audit } from '../../http/audit';
import { type AdminHandler, created } from '../../http/types';
import { parse } from '../../http/validate';
import { categoryService } from '../../wiring/catalogue';

/** POST /api/admin/categories: 201 with the category; duplicate slug -> 409. */
export const createCategory: AdminHandler = async (req) => {
  const category = await categoryService.create(parse(CategoryPayloadSchema, req.body));
  const { app_count: _count, ...fields } = category;
  audit(req, { target_id: category.id, target_label: category.name, before: null, after: fields });
  return created(category);
};
