import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { adminCategoriesKey } from './get-admin-categories';
import { revalidateCategoryViews } from './revalidate-category-views';

export interface DeleteCategoryArgs {
  id: string;
  /** Move the category's apps to this category (by slug) first; without it a category with apps answers 409. */
  reassignTo?: string;
}

export function deleteCategory({ id, reassignTo }: DeleteCategoryArgs) {
  const query = reassignTo ? `?reassign_to=${encodeURIComponent(reassignTo)}` : '';
  return api.delete<{ message?: string; moved_apps?: number } | undefined>(
    `${adminCategoriesKey}/${encodeURIComponent(id)}${query}`,
  );
}

/** DELETE /api/admin/categories/{id}[?reassign_to=slug]; then the admin list and the public views refresh. */
export function useDeleteCategory() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    adminCategoriesKey,
    (_key: string, { arg }: { arg: DeleteCategoryArgs }) => deleteCategory(arg),
    {
      onSuccess: () => void revalidateCategoryViews(mutate),
    },
  );
}
