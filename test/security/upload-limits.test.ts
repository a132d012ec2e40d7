/**
 * One developer parking images in the shared bucket. Any account could upload
 * images without an app (wizard drafts) or presign upload forms without limit: 60 parallel uploads
 * were all stored. Now each image takes one unit of a per-developer budget
 * (UPLOADS_MAX_PENDING_PER_DEVELOPER, 50 a day) by an atomic conditional update, so parallel
 * requests cannot overshoot it either; the rest answer 429 with a detail and Retry-After.
 *
 * An app holds at most 10 screenshots, but the count was read before the
 * store, so parallel confirms each saw room and together stored more. Counting and storing now
 * happen under a per-app lease in DynamoDB (functions/adapters/dynamodb/upload-lock.ts).
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { MSG } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { UPLOAD_BUSY } from '../../functions/adapters/dynamodb/upload-lock';
import { s3Client } from '../../functions/adapters/s3-client';
import { getConfig } from '../../functions/config';
import { api, freeAppPayload, newDeveloper } from '../support/api';
import { GIF, uploadGifDraft } from '../support/uploads';

const LIMIT = 50;
const ATTEMPTS = 60;

async function storedCount(prefix: string): Promise<number> {
  const res = await s3Client().send(new ListObjectsV2Command({ Bucket: getConfig().UPLOADS_BUCKET, Prefix: prefix }));
  return res.Contents?.length ?? 0;
}

describe('draft uploads per developer', () => {
  it(`${ATTEMPTS} parallel draft uploads by one developer store at most ${LIMIT}`, async () => {
    const dev = await newDeveloper();
    const answers = await Promise.all(Array.from({ length: ATTEMPTS }, () => uploadGifDraft(dev.token)));
    const stored = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter((a) => a.status === 429);
    expect(stored + refused.length, JSON.stringify(answers.map((a) => a.status))).toBe(ATTEMPTS);
    expect(stored).toBe(LIMIT);
    expect(refused[0]?.body.detail).toBe('You can upload at most 50 images a day. Please try again in 24 hours.');
    expect(Number(refused[0]?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await storedCount(`drafts/${dev.id}/`)).toBe(LIMIT);
  });

  it('presigned forms draw on the same budget: 60 parallel presigns sign at most 50 files', async () => {
    const dev = await newDeveloper();
    const answers = await Promise.all(
      Array.from({ length: ATTEMPTS }, () =>
        api('POST', '/api/upload/presign', { token: dev.token, body: { files: [{ size: 10 }] } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMIT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(ATTEMPTS - LIMIT);
    // The budget is the developer's own: another developer still uploads.
    const other = await newDeveloper();
    expect((await uploadGifDraft(other.token)).status).toBe(201);
  });

  it('a request over the remaining budget is refused whole and gives back what it took', async () => {
    const dev = await newDeveloper();
    const presign = (n: number) =>
      api('POST', '/api/upload/presign', {
        token: dev.token,
        body: { files: Array.from({ length: n }, () => ({ size: 10 })) },
      });
    for (const n of [10, 10, 10, 10, 5]) expect((await presign(n)).status).toBe(200);
    // 45 used: a request of 10 would pass 50, so it is refused and takes none of the 5 left.
    expect((await presign(10)).status).toBe(429);
    expect((await presign(5)).status).toBe(200);
    expect((await presign(1)).status).toBe(429);
  });
});

describe('screenshots per app', () => {
  const SCREENSHOTS = 10;
  const PARALLEL = 14;

  it(`${PARALLEL} parallel confirms of one screenshot each into one app store at most ${SCREENSHOTS}`, async () => {
    const dev = await newDeveloper();
    const submitted = await api('POST', '/api/apps/submit', {
      token: dev.token,
      body: freeAppPayload(`Parallel shots ${Date.now()}`),
    });
    expect(submitted.status).toBe(201);
    const appId = submitted.body.id as string;

    // Each presign sees an empty app, so together they sign more forms than the app may hold.
    type Form = { url: string; fields: Record<string, string>; key: string };
    const forms: Form[] = [];
    for (const n of [7, 7]) {
      const pre = await api('POST', '/api/upload/presign', {
        token: dev.token,
        body: { app_id: appId, files: Array.from({ length: n }, () => ({ size: GIF.length })) },
      });
      expect(pre.status).toBe(200);
      forms.push(...(pre.body.uploads as Form[]));
    }
    for (const form of forms) {
      const body = new FormData();
      for (const [k, v] of Object.entries(form.fields)) body.append(k, v);
      body.append('file', new Blob([new Uint8Array(GIF)], { type: 'image/gif' }), 'a.gif');
      expect((await fetch(form.url, { method: 'POST', body })).status).toBe(204);
    }

    const answers = await Promise.all(
      forms.map((form) =>
        api('POST', '/api/upload/confirm', { token: dev.token, body: { app_id: appId, keys: [form.key] } }),
      ),
    );
    const statuses = JSON.stringify(answers.map((a) => a.status));
    const confirmed = answers.filter((a) => a.status === 201).length;
    const refused = answers.filter((a) => a.status !== 201);
    expect(confirmed, statuses).toBeLessThanOrEqual(SCREENSHOTS);
    // A confirm that waited too long for the others (a very slow machine) says so and stores nothing.
    const busy = refused.filter((r) => r.status === 409);
    for (const r of busy) expect(r.body.detail).toBe(UPLOAD_BUSY);
    for (const r of refused.filter((x) => x.status !== 409)) expect(r.body.detail, statuses).toBe(MSG.maxScreenshots);
    if (busy.length === 0) expect(confirmed, statuses).toBe(SCREENSHOTS);
    expect(await storedCount(`apps/${appId}/`)).toBe(confirmed);
    // Refused confirms leave nothing pending behind either.
    expect(await storedCount(`pending/${dev.id}/`)).toBe(0);
  });
});
