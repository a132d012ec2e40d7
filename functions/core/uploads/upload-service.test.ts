import { describe, expect, it } from 'vitest';
import type { AppRecord } from '../apps/app';
import type { UploadStore } from './ports';
import { uploadKeyOf } from './upload-keys';
import { createUploadService } from './upload-service';

const png = (w: number, h: number, pad = 0) => {
  const b = Buffer.alloc(33 + pad);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  return b;
};

function setup(existing: string[] = []) {
  const objects = new Map<string, string>(existing.map((k) => [k, 'image/png']));
  const store: UploadStore = {
    async put(key, _body, type) {
      objects.set(key, type);
    },
    async list(prefix) {
      return [...objects.keys()].filter((k) => k.startsWith(prefix)).map((key) => ({ key, size: 1 }));
    },
    async deleteKeys(keys) {
      for (const k of keys) objects.delete(k);
    },
  };
  const app = { id: 'app1', user_id: 'u1' } as AppRecord;
  let n = 0;
  const service = createUploadService({
    store,
    apps: { getById: async (id) => (id === app.id ? app : undefined) },
    newId: () => `id${++n}`,
  });
  return { service, objects };
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
        size: 33,
      },
    ]);
    const icon = await service.upload({ userId: 'u1', appId: 'app1', kind: 'icon', files: [{ data: png(256, 256) }] });
    expect(icon[0]!.key).toBe('apps/app1/icon-id2.png');
    const draft = await service.upload({ userId: 'u1', kind: 'icon', files: [{ data: png(300, 300) }] });
    expect(draft[0]!.url).toBe('/uploads/drafts/u1/icon-id3.png');
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
});
