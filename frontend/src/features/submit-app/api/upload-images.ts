import { request } from '../../../lib/api-client';
import type { UploadedImage } from '../types';

/**
 * POST /api/upload/screenshots: multipart, field 'files'. kind=icon for the app icon. app_id is
 * sent once the app exists (edit mode); before that the images are kept as the developer's drafts.
 */
export async function uploadImages(
  files: File[],
  opts: { kind: 'icon' | 'screenshot'; appId?: string },
): Promise<UploadedImage[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  const query = new URLSearchParams({ kind: opts.kind });
  if (opts.appId) query.set('app_id', opts.appId);
  const data = await request<{ images?: UploadedImage[] }>('POST', `/api/upload/screenshots?${query}`, { form });
  return data?.images ?? [];
}
