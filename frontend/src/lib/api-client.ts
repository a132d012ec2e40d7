import { clearSession, getToken } from './auth-storage';

/**
 * The one HTTP client: base URL from build config, bearer token, JSON, the server's `detail`
 * surfaced as the error message, and the spec's 401 rule (section 4) in one place: a 401 on a
 * protected call clears the session and goes to /login, unless the user is on a marketplace page
 * or the root.
 */
// `?.`: the storefront's server renderer runs this module under Node, where import.meta.env is unset.
export const API_BASE: string = import.meta.env?.VITE_API_BASE_URL ?? '';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
  ) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

function onUnauthorized(): void {
  const path = window.location.pathname;
  if (path === '/' || path.startsWith('/marketplace')) return;
  clearSession();
  if (!['/login', '/admin-login', '/signup'].includes(path)) window.location.assign('/login');
}

export interface RequestOptions {
  body?: unknown;
  /** Raw body (e.g. FormData for uploads); sent as is, without a JSON content type. */
  form?: FormData;
  /** Skip the global 401 handling (login forms, checkout which handles 401 itself). */
  skipAuthRedirect?: boolean;
  signal?: AbortSignal;
  /** Sees the answer's headers (a paged plain array names its next page in X-Next-Cursor). */
  onHeaders?: (headers: Headers) => void;
}

export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const send = () => fetch(API_BASE + path, { method, headers, body, signal: opts.signal });
  let res = await send();
  // A read the server asks to repeat (503 with Retry-After: a dependency did not answer in time)
  // is repeated after the pause it names (at most 10 s), twice at most, so a moment's outage shows
  // the data a few seconds late instead of an empty section. Writes are never repeated.
  for (let retry = 0; retry < 2 && method === 'GET' && res.status === 503; retry++) {
    const after = res.headers.get('retry-after');
    if (!(after && +after <= 10)) break;
    await new Promise((r) => setTimeout(r, +after * 1000));
    res = await send();
  }
  opts.onHeaders?.(res.headers);
  // An empty or non-JSON body reads as undefined.
  const data: unknown = await res.json().catch(() => undefined);
  if (!res.ok) {
    if (res.status === 401 && token && !opts.skipAuthRedirect) onUnauthorized();
    const detail = (data as { detail?: unknown } | undefined)?.detail;
    throw new ApiError(res.status, typeof detail === 'string' ? detail : undefined);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
  /** GET of a list endpoint: its array of items; an empty answer (or any other shape) reads as no items. */
  list: <T>(path: string, opts?: RequestOptions): Promise<T[]> =>
    request<unknown>('GET', path, opts).then((data) => (Array.isArray(data) ? (data as T[]) : [])),
};

/** The message to show for a failure: the server's detail when present, else the spec's fallback. */
export const errorText = (err: unknown, fallback: string): string =>
  err instanceof ApiError && err.detail ? err.detail : fallback;

/** SWR fetcher: the key is the API path. */
export const fetcher = <T>(path: string) => api.get<T>(path);
