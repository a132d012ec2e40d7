import { UploadPresignSchema } from '@shared/schemas/apps';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { uploads } from '../wiring/developer-apps';

/**
 * POST /api/upload/presign {app_id?, kind?, files: [{name?, size}]}: 200 {uploads: [{url, fields,
 * key}], expires_in}. The browser posts each file straight to S3 (at most 5 MB, 10 minutes), then
 * calls POST /api/upload/confirm with the keys.
 */
export const presignUpload: DeveloperHandler = async (req) => {
  const { app_id, kind, files } = parse(UploadPresignSchema, req.body);
  return ok(await uploads.presign({ userId: req.auth.userId, appId: app_id, kind, files }));
};
