import { randomUUID } from 'node:crypto';
import { LIMITS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { APP_MESSAGES, type UploadedImage, type UploadKind } from '../../../shared/schemas/apps';
import type { AppRecord } from '../apps/app';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../errors';
import { type ImageInfo, sniffImage } from './image-sniff';
import type { UploadStore } from './ports';
import { appUploadPrefix, draftUploadPrefix, ICON_FILE_PREFIX, isIconKey, uploadUrl } from './upload-keys';

export interface UploadFile {
  filename?: string;
  data: Uint8Array;
}

export interface UploadServiceDeps {
  store: UploadStore;
  apps: { getById(id: string): Promise<AppRecord | undefined> };
  newId?: () => string;
}

/**
 * POST /api/upload/screenshots: images for an app's listing. Every file is judged by its bytes
 * (PNG, JPEG, GIF or WebP; at most 5 MB); an icon must be square and at least 256x256; an app
 * holds at most 10 screenshots, counting those already stored. All files are checked before the
 * first is stored, so a refused request stores nothing. The app itself is not changed: the client
 * puts the returned URLs into its submit payload.
 */
export function createUploadService(deps: UploadServiceDeps) {
  const newId = deps.newId ?? (() => randomUUID());

  function inspect(file: UploadFile, kind: UploadKind): ImageInfo {
    if (file.data.length > LIMITS.maxUploadBytes) throw new PayloadTooLargeError(APP_MESSAGES.imageTooLarge);
    const info = sniffImage(file.data);
    if (!info) throw new ValidationError(APP_MESSAGES.onlyImages);
    if (kind === 'icon' && (info.width !== info.height || info.width < LIMITS.iconMinSize)) {
      throw new ValidationError(APP_MESSAGES.iconSize);
    }
    return info;
  }

  return {
    async upload(input: {
      userId: string;
      appId?: string;
      kind: UploadKind;
      files: readonly UploadFile[];
    }): Promise<UploadedImage[]> {
      const { userId, appId, kind, files } = input;
      if (appId !== undefined) {
        const app = await deps.apps.getById(appId);
        if (!app || app.user_id !== userId) throw new NotFoundError(MSG.appNotFound);
      }
      if (files.length === 0) throw new ValidationError(APP_MESSAGES.noFiles);
      if (kind === 'icon' && files.length > 1) throw new ValidationError(APP_MESSAGES.oneIcon);
      if (kind === 'screenshot' && files.length > LIMITS.maxScreenshots) throw new ValidationError(MSG.maxScreenshots);
      const checked = files.map((file) => ({ file, info: inspect(file, kind) }));

      const prefix = appId !== undefined ? appUploadPrefix(appId) : draftUploadPrefix(userId);
      if (kind === 'screenshot' && appId !== undefined) {
        // Stored screenshots of the app: those it shows plus any uploaded for an edit not saved yet
        // (a saved edit deletes the ones it dropped, see app-uploads.ts).
        const stored = (await deps.store.list(prefix)).filter((o) => !isIconKey(o.key)).length;
        if (stored + files.length > LIMITS.maxScreenshots) throw new ValidationError(MSG.maxScreenshots);
      }

      const images: UploadedImage[] = [];
      for (const { file, info } of checked) {
        const key = `${prefix}${kind === 'icon' ? ICON_FILE_PREFIX : ''}${newId()}.${info.extension}`;
        await deps.store.put(key, file.data, info.contentType);
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
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
