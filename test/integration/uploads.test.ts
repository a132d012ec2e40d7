/**
 * Image uploads over HTTP (spec sections 5 and 7): POST /api/upload/screenshots with multipart
 * bodies built here, real images encoded here (a minimal PNG encoder on node:zlib, JPEG headers),
 * files served back from the product's own origin, the refusals of section 5 (not an image, over
 * 5 MB, an 11th screenshot, a small or non-square icon), ownership, drafts, and clean-up when an
 * edit drops an image or the app is deleted.
 */
import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { MSG } from '@shared/messages';
import { APP_MESSAGES, type OwnerApp, type UploadedImage, UploadResponseSchema } from '@shared/schemas/apps';
import { beforeAll, describe, expect, it } from 'vitest';
import { s3Client } from '../../functions/adapters/s3-client';
import { getConfig } from '../../functions/config';
import { api, apiUrl, type Developer as Dev, freeAppPayload, newDeveloper } from '../support/api';
import { jpegHeader, png, pngOfSize } from '../support/images';
import { must } from '../support/must';

const run = randomUUID().slice(0, 8);
let devA: Dev;
let devB: Dev;

beforeAll(async () => {
  [devA, devB] = await Promise.all([newDeveloper(), newDeveloper()]);
});

// Requests ----------------------------------------------------------------------------------------

interface FilePart {
  filename: string;
  data: Buffer;
  type?: string;
  field?: string;
}
function multipart(files: FilePart[]): { body: Buffer; contentType: string } {
  const boundary = `----test${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'files'}"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.type ?? 'image/png'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
function upload(dev: Dev, files: FilePart[], query: Record<string, string> = {}) {
  const { body, contentType } = multipart(files);
  const qs = new URLSearchParams(query).toString();
  return api<UploadAnswer>('POST', `/api/upload/screenshots${qs ? `?${qs}` : ''}`, {
    token: dev.token,
    rawBody: new Uint8Array(body),
    headers: { 'content-type': contentType },
  });
}
const shot = (i: number): FilePart => ({ filename: `shot-${i}.png`, data: png(8 + i, 6) });
/** Screenshots 0 to n-1, each a different size. */
const firstShots = (n: number) => Array.from({ length: n }, (_, i) => shot(i));

const submitPayload = freeAppPayload;
async function newApp(dev: Dev, label: string, over: Record<string, unknown> = {}) {
  const res = await api<OwnerApp>('POST', '/api/apps/submit', {
    token: dev.token,
    body: submitPayload(`Up ${run} ${label}`, over),
  });
  if (res.status !== 201) throw new Error(`submit failed: ${JSON.stringify(res.body)}`);
  return res.body;
}
async function storedKeys(prefix: string): Promise<string[]> {
  const res = await s3Client().send(new ListObjectsV2Command({ Bucket: getConfig().UPLOADS_BUCKET, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => must(o.Key, 'an object key')).sort();
}
const served = (url: string) => fetch(`${apiUrl()}${url}`);

interface UploadForm {
  url: string;
  fields: Record<string, string>;
  key: string;
}
/** What the multipart upload and the confirm call answer. */
interface UploadAnswer {
  images: UploadedImage[];
}
function presign(dev: Dev, files: Array<{ size: number; name?: string }>, extra: Record<string, unknown> = {}) {
  return api<{ uploads: UploadForm[]; expires_in: number }>('POST', '/api/upload/presign', {
    token: dev.token,
    body: { files, ...extra },
  });
}
/** What a browser on the site does with a form: fields first, the file last, from the site's origin. */
function postToS3(form: UploadForm, data: Buffer, opts: { fields?: Record<string, string>; origin?: string } = {}) {
  const body = new FormData();
  for (const [k, v] of Object.entries({ ...form.fields, ...opts.fields })) body.append(k, v);
  body.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'image.png');
  return fetch(form.url, { method: 'POST', body, headers: { origin: opts.origin ?? apiUrl() } });
}
function confirm(dev: Dev, keys: string[], extra: Record<string, unknown> = {}) {
  return api<UploadAnswer>('POST', '/api/upload/confirm', { token: dev.token, body: { keys, ...extra } });
}

// Tests -------------------------------------------------------------------------------------------

describe('POST /api/upload/screenshots: accepted images', () => {
  it('stores a real 256x256 PNG icon under the app and serves it back from the same origin', async () => {
    const app = await newApp(devA, 'icon');
    const bytes = png(256, 256);
    const res = await upload(devA, [{ filename: 'icon.png', data: bytes }], { app_id: app.id, kind: 'icon' });
    expect(res.status).toBe(201);
    const { images } = UploadResponseSchema.parse(res.body);
    expect(images).toHaveLength(1);
    const icon = must(images[0], 'the stored icon');
    expect(icon).toMatchObject({ width: 256, height: 256, content_type: 'image/png', size: bytes.length });
    expect(icon.key).toMatch(new RegExp(`^apps/${app.id}/icon-[0-9a-f-]{36}\\.png$`));
    expect(icon.url).toBe(`/uploads/${icon.key}`);

    const file = await served(icon.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);

    // The app is not changed by an upload: the wizard puts the URL into its payload.
    const owner = await api('GET', `/api/apps/${app.id}`, { token: devA.token });
    expect(owner.body.icon_url).toBe('https://cdn.example.com/icon.png');
    const saved = await api('PUT', `/api/apps/${app.id}/update`, {
      token: devA.token,
      body: submitPayload(`Up ${run} icon`, { icon_url: icon.url }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.icon_url).toBe(icon.url);
  });

  it('judges by bytes, not names: a JPEG called .png is stored as a JPEG; the field may be "file"', async () => {
    const app = await newApp(devA, 'jpeg');
    const res = await upload(
      devA,
      [{ filename: 'really-a-jpeg.png', data: jpegHeader(300, 300), type: 'image/png', field: 'file' }],
      { app_id: app.id, kind: 'icon' },
    );
    expect(res.status).toBe(201);
    expect(res.body.images[0]).toMatchObject({ width: 300, height: 300, content_type: 'image/jpeg' });
    expect(must(res.body.images[0]).key).toMatch(/\.jpg$/);
    expect((await served(must(res.body.images[0]).url)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('accepts several screenshots at once and reports each size', async () => {
    const app = await newApp(devA, 'shots');
    const res = await upload(devA, [shot(1), shot(2), { filename: 'wide.jpg', data: jpegHeader(1280, 720) }], {
      app_id: app.id,
    });
    expect(res.status).toBe(201);
    expect(res.body.images.map((i) => [i.width, i.height])).toEqual([
      [9, 6],
      [10, 6],
      [1280, 720],
    ]);
    expect(await storedKeys(`apps/${app.id}/`)).toHaveLength(3);
  });
});

describe('POST /api/upload/screenshots: refusals (nothing is stored)', () => {
  it('refuses a text file renamed .png, an SVG, and a truncated PNG', async () => {
    const app = await newApp(devA, 'refuse');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const file of [
      { filename: 'notes.png', data: Buffer.from('just some text, honestly'), type: 'image/png' },
      { filename: 'logo.svg', data: svg, type: 'image/svg+xml' },
      { filename: 'cut.png', data: png(20, 20).subarray(0, 12) },
    ]) {
      const res = await upload(devA, [file], { app_id: app.id });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'Only PNG, JPEG, GIF or WebP images are allowed' });
    }
    // One bad file among good ones refuses the whole request.
    const mixed = await upload(devA, [shot(1), { filename: 'x.png', data: Buffer.from('text') }], { app_id: app.id });
    expect(mixed.status).toBe(400);
    expect(await storedKeys(`apps/${app.id}/`)).toEqual([]);
  });

  it('refuses a request larger than Lambda takes (6 MB of event), as the cloud does', async () => {
    const app = await newApp(devA, 'big');
    // Base64 in the event: 4 MB of image fits, 4.6 MB does not (both are under the 5 MB image limit).
    const fits = Buffer.concat([png(100, 100), Buffer.alloc(4 * 1024 * 1024)]);
    expect((await upload(devA, [{ filename: 'fits.png', data: fits }], { app_id: app.id })).status).toBe(201);
    const big = Buffer.concat([png(1000, 1000), Buffer.alloc(4.6 * 1024 * 1024)]);
    const res = await upload(devA, [{ filename: 'huge.png', data: big }], { app_id: app.id });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: 'Request body too large' });
    expect(await storedKeys(`apps/${app.id}/`)).toHaveLength(1);
  });

  it('refuses an icon that is too small or not square', async () => {
    const app = await newApp(devA, 'small-icon');
    for (const data of [png(200, 200), jpegHeader(512, 256)]) {
      const res = await upload(devA, [{ filename: 'icon.png', data }], { app_id: app.id, kind: 'icon' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: 'The icon must be a square image of at least 256x256 pixels' });
    }
    const two = await upload(
      devA,
      [
        { filename: 'a.png', data: png(256, 256) },
        { filename: 'b.png', data: png(256, 256) },
      ],
      { app_id: app.id, kind: 'icon' },
    );
    expect(two.body).toEqual({ detail: APP_MESSAGES.oneIcon });
    expect(await storedKeys(`apps/${app.id}/`)).toEqual([]);
  });

  it('refuses an 11th screenshot, counting those already stored (icons do not count)', async () => {
    const app = await newApp(devA, 'eleven');
    const ten = await upload(devA, firstShots(10), { app_id: app.id });
    expect(ten.status).toBe(201);
    const eleventh = await upload(devA, [shot(11)], { app_id: app.id });
    expect(eleventh.status).toBe(400);
    expect(eleventh.body).toEqual({ detail: MSG.maxScreenshots });
    const icon = await upload(devA, [{ filename: 'icon.png', data: png(256, 256) }], { app_id: app.id, kind: 'icon' });
    expect(icon.status).toBe(201);
    expect(await storedKeys(`apps/${app.id}/`)).toHaveLength(11);

    const elevenAtOnce = await upload(devA, firstShots(11), {});
    expect(elevenAtOnce.body).toEqual({ detail: MSG.maxScreenshots });
  });

  it('refuses bodies that are not multipart images', async () => {
    const json = await api('POST', '/api/upload/screenshots', { token: devA.token, body: { files: [] } });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ detail: APP_MESSAGES.multipartRequired });
    const empty = await upload(devA, []);
    expect(empty.body).toEqual({ detail: APP_MESSAGES.noFiles });
    const badKind = await upload(devA, [shot(1)], { kind: 'banner' });
    expect(badKind.body).toEqual({ detail: 'kind must be one of screenshot, icon' });
  });
});

describe('ownership and drafts', () => {
  it("answers 404 to developer B uploading to developer A's app, and to unknown apps", async () => {
    const app = await newApp(devA, 'owned');
    for (const id of [app.id, `missing-${run}`]) {
      const res = await upload(devB, [shot(1)], { app_id: id });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'App not found' });
    }
    expect(await storedKeys(`apps/${app.id}/`)).toEqual([]);
  });

  it('keeps images uploaded before the app exists as drafts that only their owner can submit', async () => {
    const icon = await upload(devA, [{ filename: 'icon.png', data: png(256, 256) }], { kind: 'icon' });
    expect(icon.status).toBe(201);
    const iconUrl: string = must(icon.body.images[0]).url;
    expect(iconUrl).toMatch(new RegExp(`^/uploads/drafts/${devA.id}/icon-`));
    const shots = await upload(devA, [shot(1), shot(2)]);
    const shotUrls: string[] = shots.body.images.map((i) => i.url);
    expect((await served(iconUrl)).status).toBe(200);

    const stolen = await api('POST', '/api/apps/submit', {
      token: devB.token,
      body: submitPayload(`Up ${run} stolen`, { icon_url: iconUrl }),
    });
    expect(stolen.status).toBe(400);
    expect(stolen.body).toEqual({ detail: 'Icon URL must be an image you uploaded for this app' });
    const otherApp = await newApp(devA, 'other-folder');
    const foreignFolder = await api('POST', '/api/apps/submit', {
      token: devB.token,
      body: submitPayload(`Up ${run} foreign`, { metadata: { screenshots: [`/uploads/apps/${otherApp.id}/x.png`] } }),
    });
    expect(foreignFolder.body).toEqual({ detail: 'Screenshot URL must be an image you uploaded for this app' });

    const app = await newApp(devA, 'drafted', { icon_url: iconUrl, metadata: { screenshots: shotUrls } });
    const stored = await api('GET', `/api/apps/${app.id}`, { token: devA.token });
    expect(stored.body).toMatchObject({ icon_url: iconUrl, screenshots: shotUrls });

    // Deleting the app deletes the drafts it showed.
    await api('DELETE', `/api/apps/${app.id}`, { token: devA.token });
    for (const url of [iconUrl, ...shotUrls]) expect((await served(url)).status).toBe(404);
  });
});

describe('clean-up', () => {
  it('an edit that drops a screenshot deletes its file, which frees its slot', async () => {
    const app = await newApp(devA, 'prune');
    const up = await upload(devA, firstShots(10), { app_id: app.id });
    const urls: string[] = up.body.images.map((i) => i.url);
    const keep = urls.slice(0, 8);
    const res = await api('PUT', `/api/apps/${app.id}/update`, {
      token: devA.token,
      body: submitPayload(`Up ${run} prune`, { metadata: { screenshots: keep } }),
    });
    expect(res.status).toBe(200);
    expect(await storedKeys(`apps/${app.id}/`)).toEqual(keep.map((u) => u.slice('/uploads/'.length)).sort());
    expect((await served(must(urls[9]))).status).toBe(404);
    expect((await upload(devA, [shot(1), shot(2)], { app_id: app.id })).status).toBe(201);
    expect((await upload(devA, [shot(3)], { app_id: app.id })).body).toEqual({ detail: MSG.maxScreenshots });
  });

  it('deleting an app deletes its uploads and frees its slug', async () => {
    const app = await newApp(devA, 'delete');
    const up = await upload(devA, [shot(1), shot(2)], { app_id: app.id });
    const icon = await upload(devA, [{ filename: 'i.png', data: png(256, 256) }], { app_id: app.id, kind: 'icon' });
    expect(await storedKeys(`apps/${app.id}/`)).toHaveLength(3);

    const res = await api('DELETE', `/api/apps/${app.id}`, { token: devA.token });
    expect(res.body).toEqual({ message: 'App deleted' });
    expect(await storedKeys(`apps/${app.id}/`)).toEqual([]);
    for (const img of [...up.body.images, ...icon.body.images]) expect((await served(img.url)).status).toBe(404);
    const again = await newApp(devB, 'delete');
    expect(again.slug).toBe(app.slug);
  });
});

describe('uploads straight to S3 (presigned POST, then confirm)', () => {
  it('uploads a 5 MB image to the bucket, confirms it into the app and serves it back', async () => {
    const app = await newApp(devA, 'presigned');
    const bytes = pngOfSize(1200, 900, 5 * 1024 * 1024);
    expect(bytes.length).toBe(5 * 1024 * 1024);
    const pre = await presign(devA, [{ name: 'big.png', size: bytes.length }], { app_id: app.id });
    expect(pre.status).toBe(200);
    const form = must(pre.body.uploads[0], 'a presigned form');
    expect(form.key).toMatch(new RegExp(`^pending/${devA.id}/[0-9a-f-]{36}$`));
    expect(pre.body.expires_in).toBe(600);

    const posted = await postToS3(form, bytes);
    expect(posted.status).toBe(204);
    // The bucket's CORS rule lets the site read the answer.
    expect(posted.headers.get('access-control-allow-origin')).toBe(apiUrl());
    // Not served before it is confirmed.
    expect((await served(`/uploads/${form.key}`)).status).toBe(404);

    const done = await confirm(devA, [form.key], { app_id: app.id });
    expect(done.status).toBe(201);
    const { images } = UploadResponseSchema.parse(done.body);
    // What is stored is the picture alone: the text chunk that padded the upload to 5 MB is left out.
    const picture = png(1200, 900);
    expect(images[0]).toMatchObject({ width: 1200, height: 900, content_type: 'image/png', size: picture.length });
    expect(must(images[0]).key).toMatch(new RegExp(`^apps/${app.id}/[0-9a-f-]{36}\\.png$`));
    const file = await served(must(images[0]).url);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(picture)).toBe(true);
    expect(await storedKeys(`pending/${devA.id}/`)).toEqual([]);
    // A key is confirmed once.
    expect((await confirm(devA, [form.key], { app_id: app.id })).status).toBe(404);
  });

  it('the bucket refuses a file over 5 MB, a changed key, a forged signature and a foreign origin', async () => {
    const pre = await presign(devA, [{ size: 10 }]);
    const form = must(pre.body.uploads[0], 'a presigned form');
    const over = await postToS3(form, Buffer.alloc(5 * 1024 * 1024 + 1));
    expect(over.status).toBe(400);
    expect(await over.text()).toContain('<Code>EntityTooLarge</Code>');
    const otherKey = await postToS3(form, png(4, 4), { fields: { key: `pending/${devB.id}/mine` } });
    expect(otherKey.status).toBe(403);
    const forged = await postToS3(form, png(4, 4), { fields: { 'X-Amz-Signature': '0'.repeat(64) } });
    expect(forged.status).toBe(403);
    const extra = await postToS3(form, png(4, 4), { fields: { acl: 'public-read' } });
    expect(extra.status).toBe(403);
    expect(await storedKeys(`pending/${devA.id}/`)).toEqual([]);
    expect(await storedKeys(`pending/${devB.id}/`)).toEqual([]);

    const preflight = await fetch(form.url, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    const ok = await fetch(form.url, {
      method: 'OPTIONS',
      headers: { origin: apiUrl(), 'access-control-request-method': 'POST' },
    });
    expect(ok.headers.get('access-control-allow-origin')).toBe(apiUrl());
  });

  it('refuses to presign what cannot be stored: over 5 MB, an 11th screenshot, two icons, no files', async () => {
    const app = await newApp(devA, 'presign-refusals');
    const big = await presign(devA, [{ size: 5 * 1024 * 1024 + 1 }], { app_id: app.id });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ detail: 'Each image must be at most 5MB' });
    const eleven = await presign(
      devA,
      Array.from({ length: 11 }, () => ({ size: 10 })),
      { app_id: app.id },
    );
    expect(eleven.body).toEqual({ detail: MSG.maxScreenshots });
    const icons = await presign(devA, [{ size: 1 }, { size: 1 }], { kind: 'icon' });
    expect(icons.body).toEqual({ detail: APP_MESSAGES.oneIcon });
    const none = await presign(devA, []);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ detail: APP_MESSAGES.noFiles });
    const foreign = await presign(devB, [{ size: 1 }], { app_id: app.id });
    expect(foreign.status).toBe(404);
  });

  it('a confirm that fails the checks discards what was posted; other users cannot confirm it', async () => {
    const pre = await presign(devA, [{ size: 10 }, { size: 10 }], { kind: 'screenshot' });
    const [good, bad] = [must(pre.body.uploads[0]), must(pre.body.uploads[1])];
    expect((await postToS3(good, png(20, 10))).status).toBe(204);
    expect((await postToS3(bad, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).status).toBe(204);
    expect(await storedKeys(`pending/${devA.id}/`)).toHaveLength(2);

    const stolen = await confirm(devB, [good.key]);
    expect(stolen.status).toBe(404);
    expect(stolen.body).toEqual({ detail: APP_MESSAGES.uploadNotFound });
    expect(await storedKeys(`pending/${devA.id}/`)).toHaveLength(2);

    const refused = await confirm(devA, [good.key, bad.key]);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: 'Only PNG, JPEG, GIF or WebP images are allowed' });
    expect(await storedKeys(`pending/${devA.id}/`)).toEqual([]);
    expect(await storedKeys(`drafts/${devA.id}/`)).toEqual([]);

    const icon = await presign(devA, [{ size: 10 }], { kind: 'icon' });
    const iconForm = must(icon.body.uploads[0], 'a presigned form');
    await postToS3(iconForm, png(300, 200));
    const notSquare = await confirm(devA, [iconForm.key], { kind: 'icon' });
    expect(notSquare.body).toEqual({ detail: 'The icon must be a square image of at least 256x256 pixels' });
    expect(await storedKeys(`pending/${devA.id}/`)).toEqual([]);
  });
});
