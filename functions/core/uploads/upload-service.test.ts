import { describe, expect, it } from 'vitest';
import type { AppRecord } from '../apps/app';
import type { UploadStore } from './ports';
import { pngChunk, structuralPng } from './testing';
import { uploadKeyOf } from './upload-keys';
import { createUploadService } from './upload-service';

/**
 * A PNG of the given size as its structure goes (signature, IHDR, IDAT, IEND with their CRCs: what
 * the stored image is re-written from, image-rewrite.ts); `pad` bytes of a text chunk make it bigger.
 */
const png = (w: number, h: number, pad = 0) =>
  structuralPng(w, h, pad > 0 ? [pngChunk('tEXt', Buffer.alloc(pad, 0x61))] : []);

function setup(existing: string[] = [], now = new Date('2026-01-02T00:00:00Z')) {
  const objects = new Map<string, string>(existing.map((k) => [k, 'image/png']));
  /** Bytes a browser posted to a presigned form (pending/...), with their time of upload. */
  const posted = new Map<string, { data: Uint8Array; at: Date }>();
  const forms: Array<{ key: string; maxBytes: number; expires: number }> = [];
  const store: UploadStore = {
    async put(key, _body, type) {
      objects.set(key, type);
    },
    async list(prefix) {
      return [
        ...[...objects.keys()].map((key) => ({ key, size: 1 })),
        ...[...posted].map(([key, p]) => ({ key, size: p.data.length, lastModified: p.at })),
      ].filter((o) => o.key.startsWith(prefix));
    },
    async deleteKeys(keys) {
      for (const k of keys) {
        objects.delete(k);
        posted.delete(k);
      }
    },
    async markReferenced() {},
    async isUnreferenced() {
      return false;
    },
    async presignPost(key, maxBytes, expires) {
      forms.push({ key, maxBytes, expires });
      return { url: 'https://bucket.example/', fields: { key } };
    },
    async size(key) {
      return posted.get(key)?.data.length;
    },
    async get(key) {
      return posted.get(key)?.data;
    },
  };
  const app = { id: 'app1', user_id: 'u1' } as AppRecord;
  let n = 0;
  const service = createUploadService({
    store,
    apps: { getById: async (id) => (id === app.id ? app : undefined) },
    newId: () => `id${++n}`,
    now: () => now,
  });
  const post = (key: string, data: Uint8Array, at = now) => posted.set(key, { data, at });
  return { service, objects, posted, forms, post };
}

describe('upload service', () => {
  it('stores screenshots and icons under the app, drafts under the user', async () => {
    const { service, objects } = setup();
    const shots = await service.upload({
      userId: 'u1',
      appId: 'app1',
      kind: 'screenshot',
      files: [{ data: png(4, 3) }],
    });
    expect(shots).toEqual([
      {
        url: '/uploads/apps/app1/id1.png',
        key: 'apps/app1/id1.png',
        width: 4,
        height: 3,
        content_type: 'image/png',
        size: png(4, 3).length,
      },
    ]);
    const icon = await service.upload({ userId: 'u1', appId: 'app1', kind: 'icon', files: [{ data: png(256, 256) }] });
    expect(icon[0]?.key).toBe('apps/app1/icon-id2.png');
    const draft = await service.upload({ userId: 'u1', kind: 'icon', files: [{ data: png(300, 300) }] });
    expect(draft[0]?.url).toBe('/uploads/drafts/u1/icon-id3.png');
    expect([...objects.keys()]).toHaveLength(3);
  });

  it('refuses other owners (404), non-images, big files (413), bad icons and an 11th screenshot', async () => {
    const stored = Array.from({ length: 9 }, (_, i) => `apps/app1/s${i}.png`).concat('apps/app1/icon-x.png');
    const { service, objects } = setup(stored);
    const up = (over: Partial<Parameters<typeof service.upload>[0]>) =>
      service.upload({ userId: 'u1', appId: 'app1', kind: 'screenshot', files: [{ data: png(2, 2) }], ...over });
    await expect(up({ userId: 'u2' })).rejects.toMatchObject({ status: 404, message: 'App not found' });
    await expect(up({ appId: 'nope' })).rejects.toMatchObject({ status: 404 });
    await expect(up({ files: [{ data: Buffer.from('text') }] })).rejects.toMatchObject({ status: 400 });
    await expect(up({ files: [{ data: png(2, 2, 5 * 1024 * 1024) }] })).rejects.toMatchObject({
      status: 413,
      message: 'Each image must be at most 5MB',
    });
    await expect(up({ kind: 'icon', files: [{ data: png(255, 255) }] })).rejects.toMatchObject({ status: 400 });
    await expect(up({ kind: 'icon', files: [{ data: png(256, 257) }] })).rejects.toMatchObject({ status: 400 });
    await expect(up({ files: [] })).rejects.toMatchObject({ status: 400 });
    // 9 stored (+ an icon, which does not count): one more fits, two do not.
    await expect(up({ files: [{ data: png(2, 2) }, { data: png(2, 2) }] })).rejects.toMatchObject({
      message: 'Maximum 10 screenshots allowed',
    });
    expect(objects.size).toBe(10);
    await up({});
    expect(objects.size).toBe(11);
  });

  it('maps upload URLs back to keys, refusing non-canonical ones', () => {
    expect(uploadKeyOf('/uploads/apps/a/b.png')).toBe('apps/a/b.png');
    expect(uploadKeyOf('/uploads/apps/a/b.png?v=1')).toBe('apps/a/b.png');
    expect(uploadKeyOf('https://shop.example.com/uploads/apps/a/b.png', 'https://shop.example.com')).toBe(
      'apps/a/b.png',
    );
    expect(uploadKeyOf('https://cdn.example.com/uploads/apps/a/b.png', 'https://shop.example.com')).toBeUndefined();
    expect(uploadKeyOf('/demo-icons/x.svg')).toBeUndefined();
    expect(uploadKeyOf('/uploads/drafts/u1/../u2/x.png')).toBe('');
    expect(uploadKeyOf('/uploads/apps//x.png')).toBe('');
    expect(uploadKeyOf('/uploads/%E0%A4%A')).toBe('');
  });

  it("presigns one 5 MB form per file under the caller's pending folder, after the same checks", async () => {
    const stored = Array.from({ length: 9 }, (_, i) => `apps/app1/s${i}.png`);
    const { service, forms } = setup(stored);
    const res = await service.presign({ userId: 'u1', kind: 'screenshot', files: [{ size: 10 }, { size: 20 }] });
    expect(res.uploads.map((u) => u.key)).toEqual(['pending/u1/id1', 'pending/u1/id2']);
    expect(res.expires_in).toBe(600);
    expect(forms).toEqual([
      { key: 'pending/u1/id1', maxBytes: 5 * 1024 * 1024, expires: 600 },
      { key: 'pending/u1/id2', maxBytes: 5 * 1024 * 1024, expires: 600 },
    ]);
    const pre = (over: Partial<Parameters<typeof service.presign>[0]>) =>
      service.presign({ userId: 'u1', appId: 'app1', kind: 'screenshot', files: [{ size: 1 }], ...over });
    await expect(pre({ userId: 'u2' })).rejects.toMatchObject({ status: 404 });
    await expect(pre({ files: [{ size: 5 * 1024 * 1024 + 1 }] })).rejects.toMatchObject({ status: 413 });
    await expect(pre({ files: [{ size: 1 }, { size: 1 }] })).rejects.toMatchObject({
      message: 'Maximum 10 screenshots allowed',
    });
    await expect(pre({ kind: 'icon', files: [{ size: 1 }, { size: 1 }] })).rejects.toMatchObject({ status: 400 });
    expect(forms).toHaveLength(2);
  });

  it('confirms posted bytes into the app folder and discards everything of a refused confirm', async () => {
    const { service, objects, posted, post } = setup();
    post('pending/u1/a', png(256, 256));
    const [icon] = await service.confirm({ userId: 'u1', appId: 'app1', kind: 'icon', keys: ['pending/u1/a'] });
    expect(icon).toMatchObject({ key: 'apps/app1/icon-id1.png', width: 256, height: 256, size: png(256, 256).length });
    expect(objects.has('apps/app1/icon-id1.png')).toBe(true);
    expect(posted.size).toBe(0);

    post('pending/u1/b', png(4, 4));
    post('pending/u1/c', Buffer.from('not an image'));
    await expect(
      service.confirm({ userId: 'u1', kind: 'screenshot', keys: ['pending/u1/b', 'pending/u1/c'] }),
    ).rejects.toMatchObject({ status: 400, message: 'Only PNG, JPEG, GIF or WebP images are allowed' });
    expect(posted.size).toBe(0);

    post('pending/u1/d', png(200, 200));
    await expect(service.confirm({ userId: 'u1', kind: 'icon', keys: ['pending/u1/d'] })).rejects.toMatchObject({
      message: 'The icon must be a square image of at least 256x256 pixels',
    });
    // A store that let more than 5 MB through (the local S3 does not read policies) is caught here.
    post('pending/u1/e', png(2, 2, 5 * 1024 * 1024));
    await expect(service.confirm({ userId: 'u1', kind: 'screenshot', keys: ['pending/u1/e'] })).rejects.toMatchObject({
      status: 413,
    });
    expect(posted.size).toBe(0);
    expect([...objects.keys()]).toEqual(['apps/app1/icon-id1.png']);
  });

  it("answers 404 for another user's pending file, never touching it, and for a missing one", async () => {
    const { service, posted, post } = setup();
    post('pending/u2/x', png(4, 4));
    for (const key of ['pending/u2/x', 'apps/app1/x.png', 'pending/u1/../u2/x', 'pending/u1/nothing']) {
      await expect(service.confirm({ userId: 'u1', kind: 'screenshot', keys: [key] })).rejects.toMatchObject({
        status: 404,
        message: 'The upload was not found or has expired: upload the image again',
      });
    }
    expect(posted.has('pending/u2/x')).toBe(true);
  });

  it('expires pending uploads older than a day, keeping younger ones and confirmed images', async () => {
    const now = new Date('2026-01-02T00:00:00Z');
    const { service, objects, posted, post } = setup(['apps/app1/s.png'], now);
    post('pending/u1/old', png(2, 2), new Date(now.getTime() - 25 * 3600_000));
    post('pending/u1/new', png(2, 2), new Date(now.getTime() - 23 * 3600_000));
    expect(await service.expirePending()).toBe(1);
    expect([...posted.keys()]).toEqual(['pending/u1/new']);
    expect(objects.has('apps/app1/s.png')).toBe(true);
  });
});
