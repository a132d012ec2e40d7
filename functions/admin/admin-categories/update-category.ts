import { MSG } from '@shared/messages';
import type { Category } from '@shared/schemas/categories';
import { CategoryPayloadSchema } from '@shared/schemas/categories';
import * as z from 'zod';
import { audit } from '../../http/audit';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { categoryService } from '../../wiring/catalogue';

export const CategoryIdParams = z.object({
  id: z.string().trim().min(1, MSG.categoryNotFound).max(100, MSG.categoryNotFound),
});

/** PUT /api/admin/categories/{id}: full form payload; its apps follow a new name or slug. */
/** A category's own fields (not its app count), as the audit trail compares them. */
const fieldsOf = (c: Category | undefined) => {
  if (!c) return null;
  const { app_count: _count, ...fields } = c;
  return fields;
};

export const updateCategory: AdminHandler = async (req) => {
  const { id } = parse(CategoryIdParams, req.params);
  const payload = parse(CategoryPayloadSchema, req.body);
  const before = (await categoryService.listForAdmin()).find((c) => c.id === id);
  const after = await categoryService.update(id, payload);
  audit(req, { target_label: after.name, before: fieldsOf(before), after: fieldsOf(after) });
  return ok(after);
};
