import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { AdminCategory, CategoryInput } from '../types';
import { adminCategoriesKey } from './get-admin-categories';
import { revalidateCategoryViews } from './revalidate-category-views';

export const createCategory = (input: CategoryInput) => api.post<AdminCategory>(adminCategoriesKey, input);

/** POST /api/admin/categories; then the admin list (by key) and the public views refresh. */
export function useCreateCategory() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(adminCategoriesKey, (_key: string, { arg }: { arg: CategoryInput }) => createCategory(arg), {
    onSuccess: () => void revalidateCategoryViews(mutate),
  });
}
