/**
 * The local runtime's HTTP front door. Requests to /api and /v1 become API Gateway v2 events and
 * go to the same group handlers the Lambdas run, and so do the storefront pages (/, categories, a
 * category, an app), which the storefront group renders on the server; /uploads is served from the (local) S3 bucket as
 * CloudFront serves it in the cloud; everything else is the built SPA with an index.html fallback.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { contentSecurityPolicy, UPLOADS_CONTENT_SECURITY_POLICY } from '@shared/csp';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { whenLocalQueuesIdle } from '../functions/adapters/queue';
import { s3Client } from '../functions/adapters/s3-client';
import { getConfig, isLoopbackHost } from '../functions/config';
import type { ApiResult } from '../functions/http/types';
import { matchRoute, ROOT_ROUTE_PATHS, type RouteDef, type RouteGroup, routeKey } from '../functions/routes';
import { hostNameOf } from './local-host';
import { startLocalQueueConsumers } from './local-queue-consumers';

type GroupHandler = (event: APIGatewayProxyEventV2) => Promise<ApiResult>;
const groupModules: Record<RouteGroup, () => Promise<{ handler: GroupHandler }>> = {
  accounts: () => import('../functions/accounts/index'),
  marketplace: () => import('../functions/marketplace/index'),
  'developer-apps': () => import('../functions/developer-apps/index'),
  'api-keys': () => import('../functions/api-keys/index'),
  webhooks: () => import('../functions/webhooks/index'),
  checkout: () => import('../functions/checkout/index'),
  purchases: () => import('../functions/purchases/index'),
  admin: () => import('../functions/admin/index'),
  sync: () => import('../functions/sync/index'),
  partner: () => import('../functions/partner/index'),
  storefront: () => import('../functions/storefront/index'),
};

/**
 * Whether the event's JSON could reach Lambda's payload limit, by an upper bound that costs no
 * serialisation: every character of a string in the event takes at most 6 bytes in JSON (`\uXXXX`),
 * and its strings are the body, the headers (twice at most: host and user agent are repeated in
 * the request context), the URL (at most 5 times: raw path, path, query string, query and path
 * parameters) and fixed fields. A request without a large body is far below the limit.
 */
function mayExceedLambdaPayload(req: IncomingMessage, event: APIGatewayProxyEventV2): boolean {
  let headerChars = 0;
  for (let i = 0; i < req.rawHeaders.length; i++) headerChars += (req.rawHeaders[i] as string).length;
  const chars = (event.body?.length ?? 0) + 2 * headerChars + 5 * (req.url ?? '').length + 1024;
  return 6 * chars > LAMBDA_MAX_PAYLOAD_BYTES;
}

/**
 * Each group's module, imported once as a Lambda container loads its handler once. A dynamic
 * import per request went through the TypeScript loader's hook thread every time, most of the
 * local server's time on a small answer.
 */
const loadedGroups = new Map<RouteGroup, Promise<{ handler: GroupHandler }>>();
/** The handlers of the groups loaded so far, so a request to a loaded group waits for nothing. */
const loadedHandlers = new Map<RouteGroup, GroupHandler>();
function loadGroup(group: RouteGroup): Promise<{ handler: GroupHandler }> {
  let loading = loadedGroups.get(group);
  if (!loading) {
    loading = groupModules[group]();
    loadedGroups.set(group, loading);
    loading.then(
      (module) => loadedHandlers.set(group, module.handler),
      () => loadedGroups.delete(group),
    );
  }
  return loading;
}

/** A GET of a storefront page (functions/routes.ts group 'storefront'): rendered on the server, as in the cloud. */
function isStorefrontPage(method: string | undefined, pathname: string): boolean {
  if (method !== 'GET') return false;
  try {
    const match = matchRoute('GET', pathname);
    return Boolean(match && 'route' in match && match.route.group === 'storefront');
  } catch {
    return false; // a path that does not decode: the static handler answers 400
  }
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * The cloud's limits, so nothing passes locally that AWS refuses: API Gateway HTTP APIs take at
 * most 10 MB per request, and Lambda at most 6 MB (6,291,456 bytes) of invocation payload, which is
 * the whole event as JSON: headers, and the body base64-encoded when it is binary (a 4.5 MB
 * multipart upload already exceeds it). Larger uploads go straight to S3 (POST /api/upload/presign).
 */
const MAX_BODY = 10 * 1024 * 1024;
export const LAMBDA_MAX_PAYLOAD_BYTES = 6 * 1024 * 1024;
const tooLarge = () => Object.assign(new Error('too large'), { status: 413 });

const NO_BODY = Buffer.alloc(0);

/** True when the request has no body by HTTP/1.1's framing: neither Content-Length (above 0) nor Transfer-Encoding. */
function hasNoBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] === undefined && (length === undefined || Number(length) === 0);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  // Most requests (every GET) have no body: no stream iteration for them.
  if (hasNoBody(req)) return NO_BODY;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Compression as CloudFront does it (its cache policies enable gzip and the behaviours compress):
 * text, JSON, JavaScript and SVG answers of at least 1,000 bytes go gzip-compressed to a client
 * that accepts it. Without it, the local start sent visitors (and Lighthouse) four times the
 * bytes the cloud sends.
 */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const MIN_COMPRESSED_BYTES = 1_000;
const acceptsGzip = new WeakMap<ServerResponse, boolean>();

function compressible(res: ServerResponse, headers: Record<string, string>, size: number): boolean {
  const type = headers['content-type'] ?? '';
  return (
    acceptsGzip.get(res) === true &&
    !headers['content-encoding'] &&
    size >= MIN_COMPRESSED_BYTES &&
    COMPRESSIBLE.test(type)
  );
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body?: Buffer | string) {
  if (body !== undefined && compressible(res, headers, Buffer.byteLength(body))) {
    res.writeHead(status, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' });
    res.end(gzipSync(body));
    return;
  }
  res.writeHead(status, headers);
  res.end(body);
}

export function toApiGatewayEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  match: { route: RouteDef; params: Record<string, string> },
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
  }
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = query[k] === undefined ? v : `${query[k]},${v}`;
  const contentType = headers['content-type'] ?? '';
  const textual = body.length === 0 || /json|text|x-www-form-urlencoded/.test(contentType);
  const now = new Date();
  return {
    version: '2.0',
    routeKey: routeKey(match.route),
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(match.params).length ? match.params : undefined,
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: !textual,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: url.host,
      domainPrefix: 'local',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: routeKey(match.route),
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
  } as APIGatewayProxyEventV2;
}

/** A request the server cannot make sense of (a path that does not decode): 400, never a crash. */
class BadRequest extends Error {
  status = 400;
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    throw new BadRequest('Malformed path');
  }
}

/**
 * Answer bodies as bytes, by the string the handler returned. The marketplace hands out the same
 * cached string for every request of a catalogue version, so encoding it (~700 KB of JSON for the
 * full list) to UTF-8 on each request is wasted work; V8 keeps a string's hash, and the same string
 * compares by identity, so the lookup is cheap.
 */
const BODY_MEMO_MIN = 1024;
const BODY_MEMO_MAX = 16;
const bodyMemo = new Map<string, Buffer>();

function bodyBytes(body: string, isBase64: boolean | undefined): Buffer {
  if (isBase64 || body.length < BODY_MEMO_MIN) return Buffer.from(body, isBase64 ? 'base64' : 'utf8');
  let bytes = bodyMemo.get(body);
  if (!bytes) {
    bytes = Buffer.from(body, 'utf8');
    if (bodyMemo.size >= BODY_MEMO_MAX) bodyMemo.delete(bodyMemo.keys().next().value as string);
    bodyMemo.set(body, bytes);
  }
  return bytes;
}

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
  decodePath(url.pathname); // path parameters are decoded by the router: refuse what cannot be
  const match = matchRoute(req.method ?? 'GET', url.pathname);
  if (!match) return send(res, 404, { 'content-type': 'application/json' }, JSON.stringify({ detail: 'Not Found' }));
  if ('methodNotAllowed' in match) {
    return send(res, 405, { 'content-type': 'application/json' }, JSON.stringify({ detail: 'Method Not Allowed' }));
  }
  const body = await readBody(req);
  const event = toApiGatewayEvent(req, url, body, match);
  if (mayExceedLambdaPayload(req, event) && Buffer.byteLength(JSON.stringify(event)) > LAMBDA_MAX_PAYLOAD_BYTES) {
    throw tooLarge();
  }
  const handler = loadedHandlers.get(match.route.group) ?? (await loadGroup(match.route.group)).handler;
  const result = await handler(event);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k] = String(v);
  if (match.route.group === 'storefront') {
    // The storefront's HTML gets the SPA's headers, as CloudFront's response headers policy adds them.
    Object.assign(headers, {
      'x-content-type-options': 'nosniff',
      'content-security-policy': siteContentSecurityPolicy(),
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'DENY',
    });
  }
  const payload = result.body ? bodyBytes(result.body, result.isBase64Encoded) : undefined;
  send(res, result.statusCode ?? 200, headers, payload);
}

/** What CloudFront may read from the uploads bucket (lib/uploads.ts): never pending/ uploads. */
const SERVED_UPLOAD_PREFIXES = ['apps/', 'drafts/'];

async function handleUpload(res: ServerResponse, url: URL) {
  const key = decodePath(url.pathname.slice('/uploads/'.length));
  try {
    if (!SERVED_UPLOAD_PREFIXES.some((p) => key.startsWith(p))) throw new Error('not served');
    const obj = await s3Client().send(new GetObjectCommand({ Bucket: getConfig().UPLOADS_BUCKET, Key: key }));
    const bytes = Buffer.from(
      await (obj.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
    );
    send(
      res,
      200,
      {
        'content-type': obj.ContentType ?? 'application/octet-stream',
        'cache-control': 'public, max-age=86400',
        'x-content-type-options': 'nosniff',
        'content-security-policy': UPLOADS_CONTENT_SECURITY_POLICY,
      },
      bytes,
    );
  } catch {
    send(res, 404, { 'content-type': 'text/plain' }, 'Not found');
  }
}

/** True when `path` is `root` itself or inside it, compared by whole path segments. */
export function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

function handleStatic(res: ServerResponse, url: URL, staticDir: string) {
  const root = resolve(staticDir);
  const requested = normalize(join(root, decodePath(url.pathname)));
  let file = isInside(root, requested) && existsSync(requested) && statSync(requested).isFile() ? requested : undefined;
  const isAsset = url.pathname.startsWith('/assets/');
  if (!file) {
    if (isAsset || extname(url.pathname)) return send(res, 404, { 'content-type': 'text/plain' }, 'Not found');
    file = join(root, 'index.html');
    if (!existsSync(file)) {
      return send(res, 503, { 'content-type': 'text/plain' }, 'The web app is not built yet: run `npm run build:web`.');
    }
  }
  const headers: Record<string, string> = {
    'content-type': MIME[extname(file)] ?? 'application/octet-stream',
    'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    // The policy CloudFront sends (shared/csp.ts); the browser posts uploads to the local S3.
    'content-security-policy': siteContentSecurityPolicy(),
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
  };
  if (compressible(res, headers, statSync(file).size)) {
    res.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' });
    createReadStream(file).pipe(createGzip()).pipe(res);
    return;
  }
  res.writeHead(200, headers);
  createReadStream(file).pipe(res);
}

function siteContentSecurityPolicy(): string {
  const endpoint = getConfig().S3_ENDPOINT;
  return contentSecurityPolicy({ uploadOrigin: endpoint ? new URL(endpoint).origin : "'self'" });
}

/**
 * Local only, for tests: GET /__local/queues/idle?within_ms=1000&timeout_ms=10000 answers once this
 * process's in-process queues (webhook deliveries, fulfilment, mail, sync) hold nothing waiting,
 * nothing in flight and nothing delayed that is due within `within_ms` (at most 900,000, SQS's
 * longest delay): 200 `{"idle": true, "queues": {...}}`, or 503 `{"idle": false, ...}` with what
 * is still there after `timeout_ms` (at most 25,000). Tests wait for it before asserting that
 * something did not happen, instead of sleeping. Never routed in the cloud (it is not in
 * functions/routes.ts), and answered only when RUNTIME is local.
 */
export const LOCAL_QUEUES_IDLE_PATH = '/__local/queues/idle';

async function handleLocalQueuesIdle(res: ServerResponse, url: URL) {
  if (getConfig().RUNTIME !== 'local') return send(res, 404, json, JSON.stringify({ detail: 'Not Found' }));
  const bounded = (name: string, fallback: number, max: number) => {
    const value = Number(url.searchParams.get(name) ?? fallback);
    return Number.isFinite(value) ? Math.min(max, Math.max(0, value)) : fallback;
  };
  const result = await whenLocalQueuesIdle({
    withinMs: bounded('within_ms', 1000, 900_000),
    timeoutMs: bounded('timeout_ms', 10_000, 25_000),
  });
  send(res, result.idle ? 200 : 503, { ...json, 'cache-control': 'no-store' }, JSON.stringify(result));
}

export interface LocalServerOptions {
  /**
   * Host names (without port) requests may be addressed to. Loopback names are always accepted;
   * any other Host header is refused, so a web page whose DNS name is rebound to 127.0.0.1
   * cannot reach the local API from the visitor's browser.
   */
  allowedHosts?: readonly string[];
}

const json = { 'content-type': 'application/json' };

function hostAllowed(header: string | undefined, allowed: ReadonlySet<string>): boolean {
  const name = hostNameOf(header);
  return name !== undefined && (isLoopbackHost(name) || allowed.has(name));
}

export function createLocalServer(staticDir: string, options: LocalServerOptions = {}): Server {
  // The queues' workers, on the in-process queues: the cloud runs them as their own Lambdas beside
  // the API functions, which only enqueue.
  startLocalQueueConsumers();
  const allowed = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase()));
  // The verdict on each Host header seen (clients send the same few), instead of parsing it per request.
  const hostVerdicts = new Map<string, boolean>();
  const hostOk = (header: string | undefined): boolean => {
    if (header === undefined) return false;
    let verdict = hostVerdicts.get(header);
    if (verdict === undefined) {
      verdict = hostAllowed(header, allowed);
      if (hostVerdicts.size >= 256) hostVerdicts.clear();
      hostVerdicts.set(header, verdict);
    }
    return verdict;
  };
  const fail = (res: ServerResponse, err: Error & { status?: number }) => {
    const status = err.status ?? 500;
    if (status >= 500) console.error('Request failed:', err);
    if (res.headersSent) return void res.end();
    const detail =
      status === 413 ? 'Request body too large' : status === 400 ? 'Malformed request path' : 'Internal server error';
    send(res, status, json, JSON.stringify({ detail }));
  };
  return createServer((req, res) => {
    acceptsGzip.set(res, /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')));
    try {
      if (!hostOk(req.headers.host)) {
        return send(
          res,
          403,
          json,
          JSON.stringify({ detail: 'Unknown host: the local server answers requests to localhost only' }),
        );
      }
      let url: URL;
      try {
        url = new URL(req.url ?? '/', 'http://localhost');
        if (!(req.url ?? '/').startsWith('/') || (req.url ?? '').startsWith('//')) throw new Error('not a path');
      } catch {
        throw new BadRequest('Malformed path');
      }
      if (url.pathname === LOCAL_QUEUES_IDLE_PATH && req.method === 'GET') {
        return void handleLocalQueuesIdle(res, url).catch((err: Error & { status?: number }) => fail(res, err));
      }
      const route =
        url.pathname.startsWith('/api/') ||
        url.pathname.startsWith('/v1/') ||
        (ROOT_ROUTE_PATHS as readonly string[]).includes(url.pathname) ||
        isStorefrontPage(req.method, url.pathname)
          ? handleApi(req, res, url)
          : url.pathname.startsWith('/uploads/')
            ? handleUpload(res, url)
            : Promise.resolve().then(() => handleStatic(res, url, staticDir));
      route.catch((err: Error & { status?: number }) => fail(res, err));
    } catch (err) {
      fail(res, err as Error & { status?: number });
    }
  });
}

export async function listen(server: Server, port: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const addr = server.address();
      resolveListen(typeof addr === 'object' && addr ? addr.port : port);
    });
  });
}
