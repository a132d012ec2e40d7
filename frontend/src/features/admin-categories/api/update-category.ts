import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { AdminCategory, CategoryInput } from '../types';
import { adminCategoriesKey } from './get-admin-categories';
import { revalidateCategoryViews } from './revalidate-category-views';

export const updateCategory = (id: string, input: CategoryInput) =>
  api.put<AdminCategory>(`${adminCategoriesKey}/${encodeURIComponent(id)}`, input);

/** PUT /api/admin/categories/{id}; then the admin list (by key) and the public views refresh. */
export function useUpdateCategory() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    adminCategoriesKey,
    (_key: string, { arg }: { arg: { id: string; input: CategoryInput } }) => updateCategory(arg.id, arg.input),
    { onSuccess: () => void revalidateCategoryViews(mutate) },
  );
}
