import { APP_MESSAGES } from '@shared/schemas/apps';
import { ValidationError } from '../errors';
import type { UploadStore } from '../uploads/ports';
import { appUploadPrefix, draftUploadPrefix, uploadKeyOf } from '../uploads/upload-keys';
import type { AppRecord } from './app';

/**
 * The app's side of uploaded images: which uploads an app refers to, the rule that an app may
 * only refer to its own uploads (or its owner's drafts), and the clean-up when an edit drops an
 * image or the app is deleted.
 */

type ImageFields = Pick<AppRecord, 'icon_url' | 'logo_url' | 'screenshots'> & Pick<Partial<AppRecord>, 'reviewed'>;

/**
 * The image URLs of an app with the name of the field each came from, the reviewed images a
 * waiting change replaced included (the public page still shows them).
 */
function imageUrls(app: ImageFields): Array<[field: string, url: string]> {
  const out: Array<[string, string]> = [];
  for (const images of [app, app.reviewed?.listing ?? {}] as ImageFields[]) {
    if (images.icon_url) out.push(['Icon URL', images.icon_url]);
    if (images.logo_url) out.push(['Logo URL', images.logo_url]);
    for (const s of images.screenshots ?? []) out.push(['Screenshot URL', s]);
  }
  return out;
}

/** Storage keys of this product's uploads an app refers to. */
export function referencedUploadKeys(app: ImageFields, siteOrigin?: string): Set<string> {
  const keys = new Set<string>();
  for (const [, url] of imageUrls(app)) {
    const key = uploadKeyOf(url, siteOrigin);
    if (key) keys.add(key);
  }
  return keys;
}

/** True when `url` is an absolute URL on the product's own origin. */
function onSiteOrigin(url: string, siteOrigin: string | undefined): boolean {
  if (!siteOrigin) return false;
  try {
    return new URL(url).origin === new URL(siteOrigin).origin;
  } catch {
    return false;
  }
}

/**
 * Refuses image URLs that point at uploads the caller may not use: only the app's own folder and
 * the caller's drafts are allowed (other sites' URLs, e.g. the vendor's own CDN, are fine; a URL of
 * this product that is not an upload, /api/... on the site's origin, is no image).
 */
export function assertOwnUploads(
  app: ImageFields,
  owner: { userId: string; appId?: string },
  siteOrigin?: string,
): void {
  const allowed = [draftUploadPrefix(owner.userId), ...(owner.appId ? [appUploadPrefix(owner.appId)] : [])];
  for (const [field, url] of imageUrls(app)) {
    const key = uploadKeyOf(url, siteOrigin);
    if (key === undefined && !onSiteOrigin(url, siteOrigin) && !url.startsWith('/')) continue;
    if (!key || !allowed.some((p) => key.startsWith(p))) throw new ValidationError(APP_MESSAGES.foreignUpload(field));
  }
}

export interface AppUploadsDeps {
  store: Pick<UploadStore, 'put' | 'list' | 'deleteKeys' | 'markReferenced'>;
  /** The owner's apps (to keep drafts another of their apps still shows). */
  listByOwner(userId: string): Promise<AppRecord[]>;
  siteOrigin?: string;
}

/**
 * Untags the uploads the saved app shows (the owner's drafts and the app's own folder), so they no
 * longer expire as unreferenced.
 */
export async function claimUploads(deps: AppUploadsDeps, app: AppRecord): Promise<void> {
  const prefixes = [draftUploadPrefix(app.user_id), appUploadPrefix(app.id)];
  const shown = [...referencedUploadKeys(app, deps.siteOrigin)].filter((k) => prefixes.some((p) => k.startsWith(p)));
  if (shown.length > 0) await deps.store.markReferenced(shown);
}

/**
 * Deletes uploads an app no longer needs:
 * - after an edit (`next` given): files in apps/<id>/ the app does not show any more, and drafts it
 *   showed before but not now;
 * - after a delete (`next` undefined): its whole apps/<id>/ folder and its drafts.
 * Drafts still shown by another app of the owner are kept.
 */
export async function releaseAppUploads(deps: AppUploadsDeps, previous: AppRecord, next?: AppRecord): Promise<number> {
  const keep = next ? referencedUploadKeys(next, deps.siteOrigin) : new Set<string>();
  const folder = await deps.store.list(appUploadPrefix(previous.id));
  const drop = folder.map((o) => o.key).filter((k) => !keep.has(k));

  const draftPrefix = draftUploadPrefix(previous.user_id);
  const droppedDrafts = [...referencedUploadKeys(previous, deps.siteOrigin)].filter(
    (k) => k.startsWith(draftPrefix) && !keep.has(k),
  );
  if (droppedDrafts.length > 0) {
    const others = (await deps.listByOwner(previous.user_id)).filter((a) => a.id !== previous.id);
    const stillShown = new Set(others.flatMap((a) => [...referencedUploadKeys(a, deps.siteOrigin)]));
    drop.push(...droppedDrafts.filter((k) => !stillShown.has(k)));
  }
  if (drop.length > 0) await deps.store.deleteKeys(drop);
  return drop.length;
}
