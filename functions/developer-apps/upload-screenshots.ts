import { APP_MESSAGES, UploadQuerySchema } from '@shared/schemas/apps';
import { ValidationError } from '../core/errors';
import { multipartBoundary, parseMultipart } from '../http/multipart';
import { created, type DeveloperHandler } from '../http/types';
import { parse } from '../http/validate';
import { uploads } from '../wiring/developer-apps';

/** Form fields that carry images ('files' as the spec's client sends them; 'file' for single uploads). */
const FILE_FIELDS = new Set(['files', 'file', 'files[]']);

/**
 * POST /api/upload/screenshots?app_id=<id>[&kind=icon|screenshot]: multipart images for an app's
 * listing; 201 {images: [{url, key, width, height, content_type, size}]}. Without app_id the images
 * are kept as the caller's drafts (the wizard uploads before its first submit).
 */
export const uploadScreenshots: DeveloperHandler = async (req) => {
  const { app_id, kind } = parse(UploadQuerySchema, req.query);
  const boundary = multipartBoundary(req.headers['content-type']);
  if (!boundary) throw new ValidationError(APP_MESSAGES.multipartRequired);
  const files = parseMultipart(req.rawBody, boundary)
    .filter((p) => FILE_FIELDS.has(p.name))
    // A file input left empty is sent as a part with no filename and no bytes.
    .filter((p) => p.data.length > 0 || p.filename)
    .map((p) => ({ filename: p.filename, data: p.data }));
  const images = await uploads.upload({ userId: req.auth.userId, appId: app_id, kind, files });
  return created({ images });
};
