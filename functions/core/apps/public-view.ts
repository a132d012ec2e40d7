import type { AppCardRecord } from './app';
import { reviewedView } from './reviewed-view';

/**
 * What the public marketplace shows of an app: the one place every public reader (the listing
 * built once per catalogue version, the app page, the sitemap through the listing) takes an app's
 * visible values from: the values an admin last reviewed (core/apps/review.ts), so a material
 * edit waiting for review shows nowhere public.
 */
export function publicView<T extends AppCardRecord>(app: T): T {
  return reviewedView(app);
}
