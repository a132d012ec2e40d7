import { ApiError, request } from '@/lib/api-client';
import type { UploadedImage } from '../types';

interface UploadForm {
  url: string;
  fields: Record<string, string>;
  key: string;
}

/**
 * Images go straight to storage, not through the API (which, like Lambda, takes at most 6 MB per
 * request): POST /api/upload/presign gives one signed form per file (at most 5 MB each), the
 * browser posts each file to it, and POST /api/upload/confirm checks the stored bytes and answers
 * the images' URLs. kind=icon for the app icon; app_id once the app exists (edit mode), before
 * that the images are kept as the developer's drafts.
 */
export async function uploadImages(
  files: File[],
  opts: { kind: 'icon' | 'screenshot'; appId?: string },
): Promise<UploadedImage[]> {
  const target = { kind: opts.kind, ...(opts.appId ? { app_id: opts.appId } : {}) };
  const { uploads } = await request<{ uploads: UploadForm[] }>('POST', '/api/upload/presign', {
    body: { ...target, files: files.map((f) => ({ name: f.name, size: f.size })) },
  });
  await Promise.all(
    uploads.map(async (form, i) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
      body.append('file', files[i] as File);
      const res = await fetch(form.url, { method: 'POST', body });
      if (!res.ok) throw new ApiError(res.status, undefined);
    }),
  );
  const data = await request<{ images?: UploadedImage[] }>('POST', '/api/upload/confirm', {
    body: { ...target, keys: uploads.map((u) => u.key) },
  });
  return data?.images ?? [];
}
