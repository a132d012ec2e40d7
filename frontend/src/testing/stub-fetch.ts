import { vi } from 'vitest';

/**
 * The server faked at the network edge: `stubFetch({ 'GET /api/categories': () => json([...]) })`
 * replaces global fetch for one test (the setup file unstubs it afterwards). Patterns may hold
 * `:params`; the query string is ignored for matching and handed to the handler.
 */
export interface FakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export type Handler = (req: FakeRequest) => Response | Promise<Response>;
export type Handlers = Record<string, Handler>;

export const json = (body: unknown, status = 200): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const actual = got[i] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(actual);
    else if (part !== actual) return null;
  }
  return params;
}

export function stubFetch(handlers: Handlers) {
  const calls: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = (init.headers ?? {}) as Record<string, string>;
    for (const [key, handler] of Object.entries(handlers)) {
      const [m, pattern = ''] = key.split(' ');
      const params = m === method ? match(pattern, url.pathname) : null;
      if (!params) continue;
      const req = { method, path: url.pathname, params, query: url.searchParams, body, headers };
      calls.push(req);
      return handler(req);
    }
    calls.push({ method, path: url.pathname, params: {}, query: url.searchParams, body, headers });
    return json({ detail: `No handler for ${method} ${url.pathname}` }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The requests made so far, optionally only those to one method and path. */
  const requests = (method?: string, path?: string) =>
    calls.filter((c) => (!method || c.method === method) && (!path || c.path === path));
  return { calls, requests, fetchMock };
}
