import { vi } from 'vitest';

/**
 * The server, faked at the network edge: `fetch` is stubbed and answered from handler maps keyed
 * 'METHOD /path' (':name' segments match anything). Unknown routes answer 501, like an API whose
 * group is not built yet. Every request is recorded so a test can assert what was (not) sent.
 */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

export type Handler = (req: FakeRequest) => FakeResponse | Promise<FakeResponse>;
export type Handlers = Record<string, Handler>;

/** Shorthands for handler results. */
export const ok = (body: unknown): FakeResponse => ({ status: 200, body });
export const fail = (status: number, detail?: string): FakeResponse => ({ status, body: detail ? { detail } : {} });

function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? '';
    const g = got[i] ?? '';
    if (w.startsWith(':')) params[w.slice(1)] = decodeURIComponent(g);
    else if (w !== g) return null;
  }
  return params;
}

export function fakeServer(...maps: Handlers[]) {
  const handlers: Handlers = Object.assign({}, ...maps);
  const requests: FakeRequest[] = [];

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    let found: { handler: Handler; params: Record<string, string> } | null = null;
    for (const [key, handler] of Object.entries(handlers)) {
      const [m, pattern = ''] = key.split(' ');
      const params = m === method ? match(pattern, url.pathname) : null;
      if (params) {
        found = { handler, params };
        break;
      }
    }
    const req: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      params: found?.params ?? {},
      body,
      headers,
    };
    requests.push(req);
    const res = found ? await found.handler(req) : fail(501, 'Not implemented');
    const status = res.status ?? 200;
    const text = res.body === undefined ? '' : JSON.stringify(res.body);
    return { ok: status >= 200 && status < 300, status, text: async () => text } as Response;
  });
  vi.stubGlobal('fetch', fetchStub);

  return {
    requests,
    /** Requests to one route, e.g. server.calls('PUT /api/admin/profile'). */
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
    /** Replace or add handlers mid-test. */
    use: (more: Handlers) => Object.assign(handlers, more),
  };
}

export type FakeServer = ReturnType<typeof fakeServer>;
