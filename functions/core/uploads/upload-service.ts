import { randomUUID } from 'node:crypto';
import { LIMITS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { APP_MESSAGES, type UploadedImage, type UploadKind } from '../../../shared/schemas/apps';
import type { AppRecord } from '../apps/app';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../errors';
import { type ImageInfo, sniffImage } from './image-sniff';
import type { AppUploadLock, UploadStore } from './ports';
import {
  appUploadPrefix,
  DRAFT_UPLOADS_PREFIX,
  draftUploadPrefix,
  ICON_FILE_PREFIX,
  isIconKey,
  PENDING_UPLOAD_TTL_SECONDS,
  PENDING_UPLOADS_PREFIX,
  pendingUploadPrefix,
  UNREFERENCED_UPLOAD_TTL_SECONDS,
  uploadUrl,
} from './upload-keys';

export interface UploadFile {
  filename?: string;
  data: Uint8Array;
}

export interface UploadServiceDeps {
  store: UploadStore;
  apps: { getById(id: string): Promise<AppRecord | undefined> };
  newId?: () => string;
  now?: () => Date;
  /**
   * The per-developer upload budget: reserves `count` images for `userId` in one go or throws 429
   * (upload-quota.ts). Taken before anything is signed or stored.
   */
  quota?: { take(userId: string, count: number): Promise<void> };
  /**
   * Serialises the count-and-store of one app's screenshots across requests and processes, so
   * parallel requests cannot exceed the per-app limit. Without it, only one process is safe.
   */
  lock?: AppUploadLock;
}

/** How long a presigned upload form stays valid. */
export const UPLOAD_FORM_TTL_SECONDS = 10 * 60;

/**
 * POST /api/upload/screenshots: images for an app's listing. Every file is judged by its bytes
 * (PNG, JPEG, GIF or WebP; at most 5 MB); an icon must be square and at least 256x256; an app
 * holds at most 10 screenshots, counting those already stored. All files are checked before the
 * first is stored, so a refused request stores nothing. The app itself is not changed: the client
 * puts the returned URLs into its submit payload.
 */
export function createUploadService(deps: UploadServiceDeps) {
  const newId = deps.newId ?? (() => randomUUID());
  /** Runs the count check and the store of an app's screenshots as one step (see deps.lock). */
  const atomically = <T>(appId: string | undefined, kind: UploadKind, fn: () => Promise<T>): Promise<T> =>
    deps.lock && appId !== undefined && kind === 'screenshot' ? deps.lock.withApp(appId, fn) : fn();

  function inspect(file: UploadFile, kind: UploadKind): ImageInfo {
    if (file.data.length > LIMITS.maxUploadBytes) throw new PayloadTooLargeError(APP_MESSAGES.imageTooLarge);
    const info = sniffImage(file.data);
    if (!info) throw new ValidationError(APP_MESSAGES.onlyImages);
    if (kind === 'icon' && (info.width !== info.height || info.width < LIMITS.iconMinSize)) {
      throw new ValidationError(APP_MESSAGES.iconSize);
    }
    return info;
  }

  async function checkApp(userId: string, appId: string | undefined): Promise<void> {
    if (appId === undefined) return;
    const app = await deps.apps.getById(appId);
    if (!app || app.user_id !== userId) throw new NotFoundError(MSG.appNotFound);
  }

  /** Refuses more screenshots than an app may hold, counting those it already stores. */
  async function checkCount(appId: string | undefined, kind: UploadKind, adding: number): Promise<void> {
    if (adding === 0) throw new ValidationError(APP_MESSAGES.noFiles);
    if (kind === 'icon' && adding > 1) throw new ValidationError(APP_MESSAGES.oneIcon);
    if (kind === 'screenshot' && adding > LIMITS.maxScreenshots) throw new ValidationError(MSG.maxScreenshots);
    if (kind === 'screenshot' && appId !== undefined) {
      // Stored screenshots of the app: those it shows plus any uploaded for an edit not saved yet
      // (a saved edit deletes the ones it dropped, see app-uploads.ts).
      const stored = (await deps.store.list(appUploadPrefix(appId))).filter((o) => !isIconKey(o.key)).length;
      if (stored + adding > LIMITS.maxScreenshots) throw new ValidationError(MSG.maxScreenshots);
    }
  }

  async function store(
    userId: string,
    appId: string | undefined,
    kind: UploadKind,
    checked: ReadonlyArray<{ file: UploadFile; info: ImageInfo }>,
  ): Promise<UploadedImage[]> {
    const prefix = appId !== undefined ? appUploadPrefix(appId) : draftUploadPrefix(userId);
    const images: UploadedImage[] = [];
    for (const { file, info } of checked) {
      const key = `${prefix}${kind === 'icon' ? ICON_FILE_PREFIX : ''}${newId()}.${info.extension}`;
      await deps.store.put(key, file.data, info.contentType, { unreferenced: appId === undefined });
      images.push({
        url: uploadUrl(key),
        key,
        width: info.width,
        height: info.height,
        content_type: info.contentType,
        size: file.data.length,
      });
    }
    return images;
  }

  return {
    async upload(input: {
      userId: string;
      appId?: string;
      kind: UploadKind;
      files: readonly UploadFile[];
    }): Promise<UploadedImage[]> {
      const { userId, appId, kind, files } = input;
      await checkApp(userId, appId);
      if (files.length === 0) throw new ValidationError(APP_MESSAGES.noFiles);
      if (kind === 'icon' && files.length > 1) throw new ValidationError(APP_MESSAGES.oneIcon);
      if (kind === 'screenshot' && files.length > LIMITS.maxScreenshots) throw new ValidationError(MSG.maxScreenshots);
      const checked = files.map((file) => ({ file, info: inspect(file, kind) }));
      return atomically(appId, kind, async () => {
        await checkCount(appId, kind, files.length);
        await deps.quota?.take(userId, files.length);
        return store(userId, appId, kind, checked);
      });
    },

    /**
     * POST /api/upload/presign: a signed form per file that lets the browser store at most 5 MB
     * under a fresh key of its own pending/<userId>/ folder for 10 minutes. Counts, ownership and
     * declared sizes are checked now so a doomed upload is not even sent; the bytes are judged by
     * confirm.
     */
    async presign(input: {
      userId: string;
      appId?: string;
      kind: UploadKind;
      files: ReadonlyArray<{ name?: string; size: number }>;
    }): Promise<{ uploads: Array<{ url: string; fields: Record<string, string>; key: string }>; expires_in: number }> {
      const { userId, appId, kind, files } = input;
      await checkApp(userId, appId);
      if (files.some((f) => f.size > LIMITS.maxUploadBytes)) throw new PayloadTooLargeError(APP_MESSAGES.imageTooLarge);
      await checkCount(appId, kind, files.length);
      await deps.quota?.take(userId, files.length);
      const uploads = [];
      for (const _ of files) {
        const key = `${pendingUploadPrefix(userId)}${newId()}`;
        const form = await deps.store.presignPost(key, LIMITS.maxUploadBytes, UPLOAD_FORM_TTL_SECONDS);
        uploads.push({ ...form, key });
      }
      return { uploads, expires_in: UPLOAD_FORM_TTL_SECONDS };
    },

    /**
     * POST /api/upload/confirm: judges the bytes the browser stored (size, type by magic bytes,
     * icon square and at least 256x256, screenshot count) and moves them into the app's or the
     * caller's draft folder. A refused confirm deletes every pending file it named, so nothing
     * unchecked is ever kept; files never confirmed expire after a day.
     */
    async confirm(input: { userId: string; appId?: string; kind: UploadKind; keys: readonly string[] }) {
      const { userId, appId, kind } = input;
      const keys = [...new Set(input.keys)];
      const own = pendingUploadPrefix(userId);
      // Another user's (or a non-pending) key is answered like a missing one, and left alone.
      if (keys.some((k) => !k.startsWith(own) || k.slice(own.length).includes('/'))) {
        throw new NotFoundError(APP_MESSAGES.uploadNotFound);
      }
      try {
        await checkApp(userId, appId);
        await checkCount(appId, kind, keys.length);
        const checked: Array<{ file: UploadFile; info: ImageInfo }> = [];
        for (const key of keys) {
          const size = await deps.store.size(key);
          if (size === undefined) throw new NotFoundError(APP_MESSAGES.uploadNotFound);
          // S3 enforces the signed content-length-range; this holds the limit on any store that does not.
          if (size > LIMITS.maxUploadBytes) throw new PayloadTooLargeError(APP_MESSAGES.imageTooLarge);
          const data = await deps.store.get(key);
          if (!data) throw new NotFoundError(APP_MESSAGES.uploadNotFound);
          const file = { data };
          checked.push({ file, info: inspect(file, kind) });
        }
        // Counted again under the app's lock: parallel confirms see each other's stored files.
        const images = await atomically(appId, kind, async () => {
          await checkCount(appId, kind, keys.length);
          return store(userId, appId, kind, checked);
        });
        await deps.store.deleteKeys(keys);
        return images;
      } catch (err) {
        await deps.store.deleteKeys(keys);
        throw err;
      }
    },

    /** Deletes pending uploads older than their time to live (what S3's lifecycle rule does in the cloud). */
    async expirePending(): Promise<number> {
      const cutoff = (deps.now?.() ?? new Date()).getTime() - PENDING_UPLOAD_TTL_SECONDS * 1000;
      const stale = (await deps.store.list(PENDING_UPLOADS_PREFIX))
        .filter((o) => o.lastModified && o.lastModified.getTime() < cutoff)
        .map((o) => o.key);
      if (stale.length) await deps.store.deleteKeys(stale);
      return stale.length;
    },

    /**
     * Deletes draft images still tagged unreferenced (no app was saved with them) once they are
     * older than `ttlSeconds`: what the bucket's ExpireUnreferencedDrafts rule does in the cloud.
     * `userId` limits the sweep to one developer's drafts.
     */
    async expireUnreferenced(opts: { ttlSeconds?: number; userId?: string } = {}): Promise<number> {
      const ttlSeconds = opts.ttlSeconds ?? UNREFERENCED_UPLOAD_TTL_SECONDS;
      const cutoff = (deps.now?.() ?? new Date()).getTime() - ttlSeconds * 1000;
      const prefix = opts.userId !== undefined ? draftUploadPrefix(opts.userId) : DRAFT_UPLOADS_PREFIX;
      const old = (await deps.store.list(prefix)).filter((o) => o.lastModified && o.lastModified.getTime() < cutoff);
      const stale: string[] = [];
      for (const o of old) if (await deps.store.isUnreferenced(o.key)) stale.push(o.key);
      if (stale.length) await deps.store.deleteKeys(stale);
      return stale.length;
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
