import { UploadConfirmSchema } from '@shared/schemas/apps';
import { created, type DeveloperHandler } from '../http/types';
import { parse } from '../http/validate';
import { uploads } from '../wiring/developer-apps';

/**
 * POST /api/upload/confirm {app_id?, kind?, keys}: checks the files the browser posted and moves
 * them into the app (or the caller's drafts); 201 {images} like POST /api/upload/screenshots. A
 * refused confirm deletes the posted files.
 */
export const confirmUpload: DeveloperHandler = async (req) => {
  const { app_id, kind, keys } = parse(UploadConfirmSchema, req.body);
  return created({ images: await uploads.confirm({ userId: req.auth.userId, appId: app_id, kind, keys }) });
};
