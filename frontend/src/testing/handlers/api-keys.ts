import type { KeyType } from '@shared/constants';
import { MSG } from '@shared/messages';
import { type ApiKey, NO_REPLACEMENT_WAITING, REPLACEMENT_REVEALED } from '@shared/schemas/keys';
import { bodyOf, fail, type HttpHandler, HttpResponse, http } from '../server';

/** A key record as the fake server keeps it: the view plus the full secret it never lists. */
interface StoredKey extends ApiKey {
  secret: string;
}

let counter = 0;
const secretOf = (type: KeyType) => {
  counter += 1;
  const body = `${String(counter).padStart(4, '0')}AbCdEfGhIjKlMnOpQrStUvWxYz0123456789`.slice(0, 40);
  const tag = String(counter).padStart(4, '0');
  return `dk_${tag}_${type === 'staging' ? 'test' : 'live'}_${body}`;
};

/** A key as GET /api/keys lists it (prefix only). */
export function apiKeyFixture(over: Partial<ApiKey> & Pick<ApiKey, 'id'>): ApiKey {
  const type = over.type ?? 'staging';
  const prefix = over.key ?? `${type === 'staging' ? 'dk_test_' : 'dk_live_'}${over.id.padEnd(8, 'x').slice(0, 8)}`;
  const is_active = over.is_active ?? type === 'staging';
  return {
    key: prefix,
    prefix,
    type,
    is_active,
    limit: type === 'staging' ? 500 : 10_000,
    usage_count: 0,
    created_at: '2025-03-01T10:00:00.000Z',
    status: is_active ? 'active' : 'pending_approval',
    replacement_ready: false,
    ...over,
  };
}

/**
 * The developer's API keys over an in-memory list, with the server's rules: lists show the
 * 20-character prefix only; create and rotate answer the full key once; production keys are
 * pending unless the developer is approved.
 */
export function apiKeysHandlers(opts: { keys?: ApiKey[]; approved?: boolean } = {}) {
  const db: StoredKey[] = (opts.keys ?? []).map((k) => ({ ...k, secret: `${k.key}${'x'.repeat(24)}` }));
  const view = ({ secret: _secret, ...key }: StoredKey): ApiKey => key;
  let nextId = 1;

  const handlers: HttpHandler[] = [
    http.get('/api/keys', () => HttpResponse.json(db.map(view))),
    http.post('/api/keys', async ({ request }) => {
      const { type } = await bodyOf<{ type?: string }>(request);
      if (type !== 'staging' && type !== 'production') return fail(400, "type must be 'staging' or 'production'");
      const secret = secretOf(type);
      const is_active = type === 'staging' || opts.approved === true;
      const stored: StoredKey = {
        ...apiKeyFixture({ id: `new-${nextId++}`, type, is_active, key: secret.slice(0, 20) }),
        created_at: new Date().toISOString(),
        secret,
      };
      db.unshift(stored);
      const message =
        type === 'staging'
          ? MSG.stagingKeyCreated
          : is_active
            ? 'Production key created and active.'
            : MSG.productionKeyCreated;
      return HttpResponse.json({ ...view(stored), key: secret, message }, { status: 201 });
    }),
    http.put<{ id: string }>('/api/keys/:id/rotate', ({ params }) => {
      const stored = db.find((k) => k.id === params.id);
      if (!stored) return fail(404, 'API key not found');
      stored.secret = secretOf(stored.type);
      stored.key = stored.secret.slice(0, 20);
      stored.prefix = stored.key;
      stored.replacement_ready = false;
      return HttpResponse.json({ ...view(stored), key: stored.secret, message: MSG.keyRotated });
    }),
    http.post<{ id: string }>('/api/keys/:id/reveal', ({ params }) => {
      const stored = db.find((k) => k.id === params.id);
      if (!stored) return fail(404, 'API key not found');
      if (!stored.replacement_ready) return fail(409, NO_REPLACEMENT_WAITING);
      stored.replacement_ready = false;
      return HttpResponse.json({ ...view(stored), key: stored.secret, message: REPLACEMENT_REVEALED });
    }),
    http.delete<{ id: string }>('/api/keys/:id', ({ params }) => {
      const i = db.findIndex((k) => k.id === params.id);
      if (i < 0) return fail(404, 'API key not found');
      db.splice(i, 1);
      return HttpResponse.json({ message: MSG.keyDeleted });
    }),
  ];
  return { handlers, db };
}
