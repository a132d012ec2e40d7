import type { ScopedMutator } from 'swr';
import { CATEGORIES_KEY } from '@/api/get-categories';
import { MARKETPLACE_APPS_KEY } from '@/api/get-marketplace-apps';

/**
 * After a category write, what visitors see must follow: the public category list and every
 * marketplace app list (a delete with reassignment moves apps between categories).
 */
export const revalidateCategoryViews = (mutate: ScopedMutator) =>
  mutate((key) => typeof key === 'string' && (key === CATEGORIES_KEY || key.startsWith(MARKETPLACE_APPS_KEY)));
