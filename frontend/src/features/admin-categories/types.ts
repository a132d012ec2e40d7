import type { Category } from '@shared/schemas/categories';
import type { ComponentType } from 'react';

/** A category as the admin sees it (inactive ones included, app_count counts all its apps). */
export type AdminCategory = Category;

/** The create and edit payload (docs/spec.md section 7). */
export interface CategoryInput {
  name: string;
  slug: string;
  description: string;
  icon: string;
  color: string;
  display_order: number;
  is_active: boolean;
}

/**
 * The icon set categories choose from. The marketplace owns it (it draws the icons for
 * visitors); the admin route hands it in, so this feature does not import another feature.
 */
export interface CategoryIconKit {
  names: readonly string[];
  defaultName: string;
  Icon: ComponentType<{ name: string | null | undefined; size?: number | string }>;
}
