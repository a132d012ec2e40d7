import type { ScopedMutator } from 'swr';

/**
 * After a category write, what visitors see must follow: the public category list and every
 * marketplace app list (a delete with reassignment moves apps between categories).
 */
export const revalidateCategoryViews = (mutate: ScopedMutator) =>
  mutate((key) => typeof key === 'string' && (key === '/api/categories' || key.startsWith('/api/marketplace/apps')));
