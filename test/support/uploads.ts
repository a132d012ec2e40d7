/** Upload helpers shared by the upload tests. */
import type { UploadedImage } from '@shared/schemas/apps';
import { api, type WithDetail } from './api';

/** A valid 1x1 GIF (judged by its bytes like any upload). */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** Uploads the GIF as a draft image (no app yet) through the multipart route, as the wizard does. */
export function uploadGifDraft(token: string) {
  const boundary = `----b${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.gif"\r\nContent-Type: image/gif\r\n\r\n`,
    ),
    GIF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return api<WithDetail<{ images: UploadedImage[] }>>('POST', '/api/upload/screenshots', {
    token,
    rawBody: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}
