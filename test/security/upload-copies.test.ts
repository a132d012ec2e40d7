/**
 * Issue 30, finding 4 (low): one presigned upload, N copies.
 * - 20 parallel confirms of one pending key each stored a copy (80 MB from one quota unit): the
 *   pending key is now claimed atomically before anything is stored, so one confirm wins.
 * - Icons were not counted: every confirmed icon stayed in the app's folder. A new icon now replaces
 *   the app's earlier icon uploads that the app does not show.
 * - Images stored in an app's folder but never saved with the app never expired: they are now
 *   tagged unreferenced like drafts until the app shows them.
 * - Bytes after the image (or in its text chunks) were served as they came: the stored file is now
 *   rewritten to the image's own structure, read to its end (metadata and trailing bytes dropped).
 */
import { GetObjectTaggingCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { UploadedImage } from '@shared/schemas/apps';
import { beforeAll, describe, expect, it } from 'vitest';
import { s3Client } from '../../functions/adapters/s3-client';
import { getConfig } from '../../functions/config';
import { api, type Developer, freeAppPayload, newDeveloper, type WithDetail } from '../support/api';
import { png, pngChunk } from '../support/images';
import { GIF } from '../support/uploads';
import { callFrom, newClient, ownServer } from './support/own-server';

const server = ownServer();

async function stored(prefix: string): Promise<string[]> {
  const res = await s3Client().send(new ListObjectsV2Command({ Bucket: getConfig().UPLOADS_BUCKET, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key as string);
}

type Form = { url: string; fields: Record<string, string>; key: string };

async function presignAndPost(dev: Developer, file: Buffer, opts: { appId?: string; kind?: string } = {}) {
  const pre = await api('POST', '/api/upload/presign', {
    token: dev.token,
    body: { app_id: opts.appId, kind: opts.kind, files: [{ size: file.length }] },
  });
  expect(pre.status, JSON.stringify(pre.body)).toBe(200);
  const form = (pre.body.uploads as Form[])[0] as Form;
  const body = new FormData();
  for (const [k, v] of Object.entries(form.fields)) body.append(k, v);
  body.append('file', new Blob([new Uint8Array(file)], { type: 'application/octet-stream' }), 'f');
  expect((await fetch(form.url, { method: 'POST', body })).status).toBe(204);
  return form.key;
}

const confirm = (dev: Developer, keys: string[], opts: { appId?: string; kind?: string } = {}) =>
  api<WithDetail<{ images: UploadedImage[] }>>('POST', '/api/upload/confirm', {
    token: dev.token,
    body: { app_id: opts.appId, kind: opts.kind, keys },
  });

let dev: Developer;
beforeAll(async () => {
  dev = await newDeveloper();
});

describe('one pending upload is stored once', () => {
  it('20 parallel confirms of one key store one image', async () => {
    const key = await presignAndPost(dev, GIF);
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(dev, [key])));
    const ok = answers.filter((a) => a.status === 201).length;
    const drafts = await stored(`drafts/${dev.id}/`);
    console.info(`item 4: 20 parallel confirms of one upload -> ${ok} answered 201, ${drafts.length} stored`);
    expect(ok).toBe(1);
    expect(drafts).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) expect([404, 409]).toContain(a.status);
  });
});

describe("an app's icons", () => {
  it('a new icon replaces the earlier icon uploads the app does not show', async () => {
    const owner = await newDeveloper();
    const app = await api('POST', '/api/apps/submit', {
      token: owner.token,
      body: freeAppPayload(`Icons ${Date.now()}`),
    });
    expect(app.status).toBe(201);
    const appId = app.body.id as string;
    for (let i = 0; i < 5; i++) {
      const key = await presignAndPost(owner, png(256, 256, 10 + i), { appId, kind: 'icon' });
      expect((await confirm(owner, [key], { appId, kind: 'icon' })).status).toBe(201);
    }
    const icons = (await stored(`apps/${appId}/`)).filter((k) => k.split('/').pop()?.startsWith('icon-'));
    console.info(`item 4: 5 icons confirmed into one app -> ${icons.length} kept`);
    expect(icons).toHaveLength(1);
  });

  it("an image in an app's folder that the app does not show expires like a draft", async () => {
    const owner = await newDeveloper();
    const app = await api('POST', '/api/apps/submit', {
      token: owner.token,
      body: freeAppPayload(`Park ${Date.now()}`),
    });
    const appId = app.body.id as string;
    const key = await presignAndPost(owner, GIF, { appId });
    const done = await confirm(owner, [key], { appId });
    expect(done.status).toBe(201);
    const storedKey = (done.body.images[0] as UploadedImage).key;
    const tags = await s3Client().send(
      new GetObjectTaggingCommand({ Bucket: getConfig().UPLOADS_BUCKET, Key: storedKey }),
    );
    expect(tags.TagSet).toContainEqual({ Key: 'unreferenced', Value: 'true' });
  });
});

describe('what is served is the image alone', () => {
  it('text chunks and bytes after the end of a PNG are not stored or served', async () => {
    const image = png(8, 8);
    const iend = image.subarray(image.length - 12);
    const crafted = Buffer.concat([
      image.subarray(0, image.length - 12),
      pngChunk('tEXt', Buffer.from('Comment\0<script>alert("chunk")</script>')),
      iend,
      Buffer.from('<html><script>alert("trailer")</script></html>'),
    ]);
    const key = await presignAndPost(dev, crafted);
    const done = await confirm(dev, [key]);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    const url = (done.body.images[0] as UploadedImage).url;
    const served = await callFrom(server.url, newClient(), 'GET', url);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(String(served.body), 'latin1');
    console.info(`item 4: crafted PNG of ${crafted.length} bytes served as ${bytes.length}`);
    expect(String(served.body)).not.toContain('<script');
    expect(String(served.body)).not.toContain('<html');
  });
});
