import { CategoryManagement } from '@/features/admin-categories/components/category-management';
import type { CategoryIconKit } from '@/features/admin-categories/types';
import {
  CATEGORY_ICON_NAMES,
  CategoryIcon,
  DEFAULT_CATEGORY_ICON,
} from '@/features/marketplace/components/category-icon';

// The marketplace draws category icons for visitors; the admin picks from the same set. The route
// is where features meet, so it hands the set to the admin feature.
const ICONS: CategoryIconKit = { names: CATEGORY_ICON_NAMES, defaultName: DEFAULT_CATEGORY_ICON, Icon: CategoryIcon };

/** /admin/categories (inside the admin layout). */
export default function AdminCategories() {
  return <CategoryManagement icons={ICONS} />;
}
