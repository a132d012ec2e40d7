import type { AppCardRecord } from './app';

/**
 * What the public marketplace shows of an app: the one place every public reader (the listing
 * built once per catalogue version, the app page, the sitemap through the listing) takes an app's
 * visible values from. Today that is the app as stored; the reviewed snapshot of issue 30 (the
 * last values an admin reviewed, shown while a material edit waits) is applied here, so the
 * marketplace, the storefront and the sitemap all follow it.
 */
export function publicView<T extends AppCardRecord>(app: T): T {
  return app;
}
