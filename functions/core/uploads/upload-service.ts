import { randomUUID } from 'node:crypto';
import { LIMITS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { APP_MESSAGES, type UploadedImage, type UploadKind } from '@shared/schemas/apps';
import type { AppRecord } from '../apps/app';
import { referencedUploadKeys } from '../apps/app-uploads';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../errors';
import { rewriteImage } from './image-rewrite';
import { type ImageInfo, sniffImage } from './image-sniff';
import type { AppUploadLock, UploadClaims, UploadStore } from './ports';
import {
  APP_UPLOADS_PREFIX,
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
   * Serialises the count-and-store of one app's uploads across requests and processes, so parallel
   * requests cannot exceed the per-app limit. Without it, only one process is safe.
   */
  lock?: AppUploadLock;
  /**
   * Claims pending browser uploads for the one confirm that stores them. Without it, parallel
   * confirms of one upload would each store a copy.
   */
  claims?: UploadClaims;
  /** The site's origin: absolute image URLs on it are uploads too (which uploads an app shows). */
  siteOrigin?: string;
}

/** How long a presigned upload form stays valid. */
export const UPLOAD_FORM_TTL_SECONDS = 10 * 60;

/**
 * POST /api/upload/screenshots: images for an app's listing. Every file is judged by its bytes
 * (PNG, JPEG, GIF or WebP; at most 5 MB), read to its end and stored as the picture alone
 * (image-rewrite.ts); an icon must be square and at least 256x256; an app holds at most 10
 * screenshots, counting those already stored, and one icon besides the one it shows (a new icon
 * replaces the earlier uploads). All files are checked before the first is stored, so a refused
 * request stores nothing. The app itself is not changed: the client puts the returned URLs into its
 * submit payload; until an app is saved with them, stored images are tagged unreferenced and expire.
 */
export function createUploadService(deps: UploadServiceDeps) {
  const newId = deps.newId ?? (() => randomUUID());
  /** Runs the count check and the store of an app's uploads as one step (see deps.lock). */
  const atomically = <T>(appId: string | undefined, fn: () => Promise<T>): Promise<T> =>
    deps.lock && appId !== undefined ? deps.lock.withApp(appId, fn) : fn();

  /** The file judged by its bytes; `data` is what will be stored: the picture alone. */
  function inspect(file: UploadFile, kind: UploadKind): { file: UploadFile; info: ImageInfo } {
    if (file.data.length > LIMITS.maxUploadBytes) throw new PayloadTooLargeError(APP_MESSAGES.imageTooLarge);
    const info = sniffImage(file.data);
    if (!info) throw new ValidationError(APP_MESSAGES.onlyImages);
    if (kind === 'icon' && (info.width !== info.height || info.width < LIMITS.iconMinSize)) {
      throw new ValidationError(APP_MESSAGES.iconSize);
    }
    const picture = rewriteImage(file.data, info.format);
    if (!picture) throw new ValidationError(APP_MESSAGES.onlyImages);
    return { file: { filename: file.filename, data: picture }, info };
  }

  async function checkApp(userId: string, appId: string | undefined): Promise<AppRecord | undefined> {
    if (appId === undefined) return undefined;
    const app = await deps.apps.getById(appId);
    if (!app || app.user_id !== userId) throw new NotFoundError(MSG.appNotFound);
    return app;
  }

  /**
   * After a new icon is stored in an app's folder: the app's other icon files that it does not show
   * (earlier uploads for an edit never saved) are deleted, so icons cannot pile up in the folder.
   */
  async function dropUnshownIcons(app: AppRecord, keep: readonly string[]): Promise<void> {
    const shown = referencedUploadKeys(app, deps.siteOrigin);
    const stale = (await deps.store.list(appUploadPrefix(app.id)))
      .map((o) => o.key)
      .filter((k) => isIconKey(k) && !keep.includes(k) && !shown.has(k));
    if (stale.length > 0) await deps.store.deleteKeys(stale);
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
    app: AppRecord | undefined,
    kind: UploadKind,
    checked: ReadonlyArray<{ file: UploadFile; info: ImageInfo }>,
  ): Promise<UploadedImage[]> {
    const prefix = app !== undefined ? appUploadPrefix(app.id) : draftUploadPrefix(userId);
    const images: UploadedImage[] = [];
    for (const { file, info } of checked) {
      const key = `${prefix}${kind === 'icon' ? ICON_FILE_PREFIX : ''}${newId()}.${info.extension}`;
      // Until an app is saved showing it (app-uploads.ts claimUploads), every new image may expire.
      await deps.store.put(key, file.data, info.contentType, { unreferenced: true });
      images.push({
        url: uploadUrl(key),
        key,
        width: info.width,
        height: info.height,
        content_type: info.contentType,
        size: file.data.length,
      });
    }
    if (app !== undefined && kind === 'icon')
      await dropUnshownIcons(
        app,
        images.map((i) => i.key),
      );
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
      const app = await checkApp(userId, appId);
      if (files.length === 0) throw new ValidationError(APP_MESSAGES.noFiles);
      if (kind === 'icon' && files.length > 1) throw new ValidationError(APP_MESSAGES.oneIcon);
      if (kind === 'screenshot' && files.length > LIMITS.maxScreenshots) throw new ValidationError(MSG.maxScreenshots);
      const checked = files.map((file) => inspect(file, kind));
      return atomically(appId, async () => {
        await checkCount(appId, kind, files.length);
        await deps.quota?.take(userId, files.length);
        return store(userId, app, kind, checked);
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
      // One confirm per upload: the keys are claimed before anything is read or stored. A key
      // claimed already (another confirm, earlier or running now) answers like a missing one, and
      // its files are left to the confirm that holds it.
      if (deps.claims && !(await deps.claims.claim(keys))) throw new NotFoundError(APP_MESSAGES.uploadNotFound);
      try {
        const app = await checkApp(userId, appId);
        await checkCount(appId, kind, keys.length);
        const checked: Array<{ file: UploadFile; info: ImageInfo }> = [];
        for (const key of keys) {
          const size = await deps.store.size(key);
          if (size === undefined) throw new NotFoundError(APP_MESSAGES.uploadNotFound);
          // S3 enforces the signed content-length-range; this holds the limit on any store that does not.
          if (size > LIMITS.maxUploadBytes) throw new PayloadTooLargeError(APP_MESSAGES.imageTooLarge);
          const data = await deps.store.get(key);
          if (!data) throw new NotFoundError(APP_MESSAGES.uploadNotFound);
          checked.push(inspect({ data }, kind));
        }
        // Counted again under the app's lock: parallel confirms see each other's stored files.
        const images = await atomically(appId, async () => {
          await checkCount(appId, kind, keys.length);
          return store(userId, app, kind, checked);
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
     * Deletes images still tagged unreferenced (no app was saved with them: drafts, and uploads into
     * an app's folder for an edit never saved) once they are older than `ttlSeconds`: what the
     * bucket's ExpireUnreferenced* rules do in the cloud. `userId` limits the sweep to one
     * developer's drafts.
     */
    async expireUnreferenced(opts: { ttlSeconds?: number; userId?: string } = {}): Promise<number> {
      const ttlSeconds = opts.ttlSeconds ?? UNREFERENCED_UPLOAD_TTL_SECONDS;
      const cutoff = (deps.now?.() ?? new Date()).getTime() - ttlSeconds * 1000;
      const prefixes =
        opts.userId !== undefined ? [draftUploadPrefix(opts.userId)] : [DRAFT_UPLOADS_PREFIX, APP_UPLOADS_PREFIX];
      const stale: string[] = [];
      for (const prefix of prefixes) {
        const old = (await deps.store.list(prefix)).filter((o) => o.lastModified && o.lastModified.getTime() < cutoff);
        for (const o of old) if (await deps.store.isUnreferenced(o.key)) stale.push(o.key);
      }
      if (stale.length) await deps.store.deleteKeys(stale);
      return stale.length;
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
