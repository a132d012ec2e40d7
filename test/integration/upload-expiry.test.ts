/**
 * Images uploaded without an app (wizard drafts) that no saved app refers to
 * expire; those an app shows stay. In the cloud the bucket's ExpireUnreferencedDrafts lifecycle
 * rule deletes drafts still tagged unreferenced after a day; locally the same sweep runs hourly
 * (bin/local-upload-expiry.ts). Here the sweep runs against the local S3 with a short lifetime.
 */
import { describe, expect, it } from 'vitest';
import { s3Uploads } from '../../functions/adapters/s3-uploads';
import { createUploadService } from '../../functions/core/uploads/upload-service';
import { api, apiUrl, freeAppPayload, newDeveloper } from '../support/api';
import { must } from '../support/must';
import { uploadGifDraft } from '../support/uploads';

async function uploadDraft(token: string): Promise<string> {
  const res = await uploadGifDraft(token);
  expect(res.status).toBe(201);
  return must(res.body.images[0], 'the uploaded image').url;
}

const served = async (url: string) => (await fetch(`${apiUrl()}${url}`)).status;

describe('unreferenced draft uploads expire', () => {
  it('deletes drafts no saved app shows once older than the lifetime, and keeps the ones an app shows', async () => {
    const dev = await newDeveloper();
    const [kept, orphan, dropped] = [
      await uploadDraft(dev.token),
      await uploadDraft(dev.token),
      await uploadDraft(dev.token),
    ];
    const payload = (screenshots: string[]) =>
      freeAppPayload(`Expiry ${Date.now()}`, { tagline: 'Images that stay', metadata: { screenshots } });
    const app = await api('POST', '/api/apps/submit', { token: dev.token, body: payload([kept, dropped]) });
    expect(app.status).toBe(201);
    // An edit that drops a draft deletes it at once (as before); the other stays shown.
    const edit = await api('PUT', `/api/apps/${app.body.id}/update`, { token: dev.token, body: payload([kept]) });
    expect(edit.status).toBe(200);
    expect(await served(dropped)).toBe(404);

    const later = new Date(Date.now() + 5_000);
    const sweep = createUploadService({ store: s3Uploads, apps: { getById: async () => undefined }, now: () => later });
    // Within the default lifetime (a day) nothing expires.
    expect(await sweep.expireUnreferenced({ userId: dev.id })).toBe(0);
    expect(await served(orphan)).toBe(200);

    // With a 1 second lifetime, the draft no app shows goes; the one the app shows stays.
    expect(await sweep.expireUnreferenced({ userId: dev.id, ttlSeconds: 1 })).toBe(1);
    expect(await served(orphan)).toBe(404);
    expect(await served(kept)).toBe(200);
    const stillShown = await api('GET', `/api/apps/${app.body.id}`, { token: dev.token });
    expect(JSON.stringify(stillShown.body)).toContain(kept);
  });
});
