/**
 * Where uploaded images live and how their URLs map to storage keys.
 *
 * | what                                   | key                                   | URL                         |
 * |----------------------------------------|---------------------------------------|-----------------------------|
 * | screenshot of an app                   | apps/<appId>/<random>.<ext>           | /uploads/apps/<appId>/...   |
 * | icon of an app                         | apps/<appId>/icon-<random>.<ext>      | /uploads/apps/<appId>/...   |
 * | image uploaded before the app exists   | drafts/<userId>/[icon-]<random>.<ext> | /uploads/drafts/<userId>/...|
 * | browser upload not yet confirmed       | pending/<userId>/<random>             | (not served)                |
 *
 * URLs are same-origin paths: the local server and CloudFront both serve /uploads/<key> from the
 * uploads bucket. Draft images stay where they are when the wizard submits (their URLs go into
 * the app as they are); they are deleted when no app of their owner refers to them any more.
 */
export const UPLOADS_URL_PREFIX = '/uploads/';
export const ICON_FILE_PREFIX = 'icon-';

/**
 * Browsers post files straight to the bucket under pending/<userId>/ (presigned POST); the confirm
 * call checks the bytes and moves them to apps/ or drafts/. Whatever is never confirmed expires
 * (a bucket lifecycle rule in the cloud, the local runtime's sweep locally).
 */
export const PENDING_UPLOADS_PREFIX = 'pending/';
export const PENDING_UPLOAD_TTL_SECONDS = 24 * 60 * 60;
export const pendingUploadPrefix = (userId: string): string => `${PENDING_UPLOADS_PREFIX}${userId}/`;

/**
 * Every stored image (drafts/ and an app's folder alike) is tagged unreferenced=true until an app is
 * saved showing it, which removes the tag. Tagged images expire after UNREFERENCED_UPLOAD_TTL_SECONDS
 * (the bucket's lifecycle rules in the cloud, the local runtime's sweep locally), so an account cannot
 * park images no app uses, neither as drafts nor in an app's folder.
 */
export const UNREFERENCED_TAG = { key: 'unreferenced', value: 'true' } as const;
export const UNREFERENCED_UPLOAD_TTL_SECONDS = 24 * 60 * 60;
export const DRAFT_UPLOADS_PREFIX = 'drafts/';
export const APP_UPLOADS_PREFIX = 'apps/';

export const appUploadPrefix = (appId: string): string => `${APP_UPLOADS_PREFIX}${appId}/`;
export const draftUploadPrefix = (userId: string): string => `${DRAFT_UPLOADS_PREFIX}${userId}/`;
export const uploadUrl = (key: string): string => `${UPLOADS_URL_PREFIX}${key}`;

/** True for keys of icons (they do not count towards the screenshot limit). */
export const isIconKey = (key: string): boolean => (key.split('/').pop() ?? '').startsWith(ICON_FILE_PREFIX);

/**
 * The storage key a URL points to when it is one of this product's uploads (a /uploads/ path, or
 * an absolute URL on `siteOrigin`); undefined for any other URL. A key that is not in canonical
 * form (empty or dot segments, bad escapes) comes back as '' so callers refuse it.
 */
export function uploadKeyOf(url: string, siteOrigin?: string): string | undefined {
  let path: string;
  if (url.startsWith('/') && !url.startsWith('//')) {
    path = url.split(/[?#]/)[0] ?? '';
  } else {
    try {
      const parsed = new URL(url);
      if (!siteOrigin || parsed.origin !== new URL(siteOrigin).origin) return undefined;
      path = parsed.pathname;
    } catch {
      return undefined;
    }
  }
  if (!path.startsWith(UPLOADS_URL_PREFIX)) return undefined;
  let key: string;
  try {
    key = decodeURIComponent(path.slice(UPLOADS_URL_PREFIX.length));
  } catch {
    return '';
  }
  const segments = key.split('/');
  return segments.some((s) => s === '' || s === '.' || s === '..') ? '' : key;
}
