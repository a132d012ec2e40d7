import { screen } from '@testing-library/react';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { expect } from 'vitest';

/**
 * The API faked at the network edge with Mock Service Worker: one server for the whole web
 * project (started in setup.ts, its handlers reset after each test). A test serves the resources
 * it needs (`serve(accountsHandlers())`, handlers per resource in ./handlers), overrides one route
 * with `serve(failing('PUT /api/admin/profile', 500))` or `answering(route, body)` (the last served
 * wins) and reads what the screen sent with `calls('PUT /api/admin/profile')`. A request no handler answers fails
 * the fetch and is reported ('error'), so a screen cannot silently depend on an unserved route.
 */
export const server = setupServer();

/** A request the screen made, as the server received it. */
export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON body, parsed (a multipart form as FormData); undefined without one. */
  body: unknown;
  headers: Record<string, string>;
}

const sent: SentRequest[] = [];

server.events.on('request:start', ({ request }) => {
  const url = new URL(request.url);
  const entry: SentRequest = {
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    body: undefined,
    headers: Object.fromEntries(request.headers.entries()),
  };
  sent.push(entry);
  // The body is read before any handler answers, so it is there when the screen shows the result.
  // A multipart form (the signed upload to storage) is kept as FormData, as the screen built it.
  if (request.body && request.headers.get('content-type')?.startsWith('multipart/form-data'))
    void request
      .clone()
      .formData()
      .then((form) => {
        entry.body = form;
      });
  else if (request.body)
    void request
      .clone()
      .text()
      .then((text) => {
        try {
          entry.body = text ? JSON.parse(text) : undefined;
        } catch {
          entry.body = text;
        }
      });
});

/** Forget the requests of the previous test (setup.ts, after each test). */
export function forgetRequests(): void {
  sent.length = 0;
}

/**
 * The requests made so far: all of them, those to one route ('POST /api/upload/presign', the
 * query string aside) or those of one method ('POST').
 */
export function calls(key?: string): SentRequest[] {
  if (!key) return [...sent];
  const [method, path] = key.split(' ');
  return sent.filter((r) => r.method === method && (path === undefined || r.path === path));
}

/** One handler or a list of them, as a test passes overrides to a screen's helper. */
export type Handlers = HttpHandler | readonly HttpHandler[];

/**
 * Serves handlers (lists of them, as the resource modules return) for the current test; a later
 * argument overrides an earlier one on the same route.
 */
export function serve(...handlers: Handlers[]): void {
  for (const group of handlers) server.use(...[group].flat());
}

/** A JSON error the way the API sends it: the status, and `detail` when there is one. */
export const fail = (status: number, detail?: string) => HttpResponse.json(detail ? { detail } : {}, { status });

/**
 * A route that refuses, named as `calls` names it: `failing('POST /api/login', 401, 'Invalid email
 * or password')` answers every such request as `fail` does.
 */
export function failing(route: string, status: number, detail?: string): HttpHandler {
  return on(route, () => fail(status, detail));
}

/** A route that answers every request with `body` as JSON: `answering('GET /api/event-types', [])`. */
export function answering(route: string, body: unknown): HttpHandler {
  return on(route, () => HttpResponse.json(body as never));
}

/** The handler of a route named as `calls` names it ('POST /api/login'). */
function on(route: string, respond: () => Response): HttpHandler {
  const [method = '', path = ''] = route.split(' ');
  return http[method.toLowerCase() as Method](path, respond);
}

/** The query string of a handled request. */
export const queryOf = (request: Request): URLSearchParams => new URL(request.url).searchParams;

/** The JSON body of a handled request, typed as the route's input. */
export const bodyOf = async <T>(request: Request): Promise<T> => (await request.clone().json()) as T;

/**
 * One page of `list` as the server's header-paged lists answer: `limit` (else `defaultLimit`) items
 * from the offset the `cursor` names, the next offset in X-Next-Cursor while there are more.
 * `pageSize` pages by that many whatever the request asks.
 */
export function offsetPage<T>(request: Request, list: readonly T[], defaultLimit: number, pageSize?: number): Response {
  const query = queryOf(request);
  const limit = pageSize ?? Number(query.get('limit') ?? defaultLimit);
  const from = Number(query.get('cursor') ?? 0);
  const more = from + limit < list.length;
  return HttpResponse.json(list.slice(from, from + limit), {
    headers: more ? { 'X-Next-Cursor': String(from + limit) } : {},
  });
}

export { type HttpHandler, HttpResponse, http } from 'msw';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * The SPA's rule for a failed call, checked both ways: `route` refuses with `status` and a
 * `detail`, `act` repeats the user's action and the detail is shown; then it refuses with a bare
 * 500, and `fallback` (the screen's own text) is shown instead.
 */
export async function expectDetailThenFallback(
  [method, path]: [Method, string],
  act: () => unknown,
  { status, detail, fallback }: { status: number; detail: string; fallback: string },
) {
  serve(failing(`${method.toUpperCase()} ${path}`, status, detail));
  await act();
  expect(await screen.findByText(detail)).toBeTruthy();
  serve(failing(`${method.toUpperCase()} ${path}`, 500));
  await act();
  expect(await screen.findByText(fallback)).toBeTruthy();
}
