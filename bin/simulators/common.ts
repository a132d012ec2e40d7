/**
 * What both outside-system simulators share: a real HTTP server on 127.0.0.1, API-key check,
 * paging, and the fault-injection control the integration tests use (POST /__control):
 *
 *   {"mode": "ok" | "down" | "slow" | "error500" | "malformed" | "invalid_items", "delay_ms"?: n}
 *
 * - down: every other request has its connection destroyed (a system that is not there);
 * - slow: answers only after delay_ms (default 30 s), past any sane client timeout;
 * - error500: 500 with an error body; malformed: 200 with a body that is not JSON;
 * - invalid_items: 200 with a well-formed page whose items break the contract.
 * The control route answers even in "down" mode so a test can heal the system afterwards.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { SIMULATOR_MODES, type SimulatorMode } from '@shared/schemas/outside-systems';

export interface SimulatorControl {
  mode: SimulatorMode;
  delayMs: number;
}

export interface RunningSimulator {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export type Route = (
  url: URL,
  req: IncomingMessage,
  body: unknown,
) => { status: number; body: unknown; invalid?: unknown } | undefined;

export function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** One page of a list: `page` 1-based, `page_size` 1..500 (default 100). */
export function paged<T>(
  all: readonly T[],
  url: URL,
): { items: T[]; page: number; page_size: number; total: number; has_more: boolean } {
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const size = Math.min(500, Math.max(1, Number.parseInt(url.searchParams.get('page_size') ?? '100', 10) || 100));
  const items = all.slice((page - 1) * size, page * size);
  return { items, page, page_size: size, total: all.length, has_more: page * size < all.length };
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}

export interface SimulatorOptions {
  name: string;
  port: number;
  apiKey: string;
  route: Route;
  /** Extra control fields (e.g. the legacy system's "emit"). */
  onControl?: (body: Record<string, unknown>) => unknown;
}

export async function startSimulator(
  opts: SimulatorOptions,
): Promise<RunningSimulator & { control: SimulatorControl }> {
  const control: SimulatorControl = { mode: 'ok', delayMs: 30_000 };
  const pending = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = await readBody(req);
      if (url.pathname === '/__control' && req.method === 'POST') {
        const b = (body ?? {}) as Record<string, unknown>;
        if (b.mode !== undefined) {
          if (!(SIMULATOR_MODES as readonly unknown[]).includes(b.mode)) {
            json(res, 400, { detail: `mode must be one of: ${SIMULATOR_MODES.join(', ')}` });
            return;
          }
          control.mode = b.mode as SimulatorMode;
        }
        if (typeof b.delay_ms === 'number') control.delayMs = b.delay_ms;
        const extra = opts.onControl?.(b);
        json(res, 200, { mode: control.mode, delay_ms: control.delayMs, ...(extra as object) });
        return;
      }
      if (control.mode === 'down') {
        req.socket.destroy();
        return;
      }
      if (url.pathname !== '/health' && req.headers['x-api-key'] !== opts.apiKey) {
        json(res, 401, { detail: 'Invalid or missing API key' });
        return;
      }
      const answer = () => {
        if (control.mode === 'error500') return json(res, 500, { detail: `${opts.name} internal error (simulated)` });
        const out = opts.route(url, req, body);
        if (!out) return json(res, 404, { detail: 'Not found' });
        if (control.mode === 'malformed' && url.pathname !== '/health') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"items": [ {"truncated": ');
          return;
        }
        if (control.mode === 'invalid_items' && out.invalid !== undefined) return json(res, out.status, out.invalid);
        json(res, out.status, out.body);
      };
      if (control.mode === 'slow') {
        const t = setTimeout(() => {
          pending.delete(t);
          if (!res.destroyed) answer();
        }, control.delayMs);
        pending.add(t);
        return;
      }
      answer();
    })().catch((err) => {
      if (!res.headersSent) json(res, 500, { detail: String(err) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    control,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const t of pending) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
