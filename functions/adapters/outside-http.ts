/**
 * HTTP calls to the outside systems of the sync: GET with the API key, a hard timeout,
 * and every failure turned into an OutsideSystemError whose message says what went wrong in words
 * an admin can act on (it becomes the failed run's detail).
 */
import type * as z from 'zod';
import { OutsideSystemError } from '../core/sync/ports';

export interface OutsideHttpOptions {
  /** "Internal system" / "Legacy system", used in the messages. */
  system: string;
  baseUrl: string;
  apiKey: () => Promise<string>;
  timeoutMs: number;
}

function describeNetworkError(err: unknown): string {
  const e = err as { cause?: { code?: string; message?: string }; message?: string };
  return e.cause?.code ?? e.cause?.message ?? e.message ?? String(err);
}

export async function getJson(opts: OutsideHttpOptions, path: string): Promise<{ body: unknown; ms: number }> {
  const url = new URL(path, opts.baseUrl);
  const what = `GET ${url.pathname}${url.search}`;
  const started = Date.now();
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { 'x-api-key': await opts.apiKey(), accept: 'application/json' },
      signal: AbortSignal.timeout(opts.timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new OutsideSystemError(`${opts.system} did not answer ${what} within ${opts.timeoutMs} ms`);
    }
    throw new OutsideSystemError(`${opts.system} is unreachable (${what}: ${describeNetworkError(err)})`);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    const name = (err as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      throw new OutsideSystemError(`${opts.system} did not answer ${what} within ${opts.timeoutMs} ms`);
    }
    throw new OutsideSystemError(`${opts.system} broke off its answer to ${what}: ${describeNetworkError(err)}`);
  }
  if (!res.ok) throw new OutsideSystemError(`${opts.system} answered HTTP ${res.status} to ${what}`);
  try {
    return { body: JSON.parse(text), ms: Date.now() - started };
  } catch {
    throw new OutsideSystemError(`${opts.system} answered ${what} with malformed JSON`);
  }
}

/** Validates a page and each of its items; the first bad item names its position and field. */
export function validatePage<P extends z.ZodType>(
  opts: Pick<OutsideHttpOptions, 'system'>,
  path: string,
  schema: P,
  body: unknown,
): z.infer<P> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path ?? [];
  const item = where[0] === 'items' && typeof where[1] === 'number' ? ` (item ${where[1] + 1})` : '';
  const field = where.slice(where[0] === 'items' ? 2 : 0).join('.');
  throw new OutsideSystemError(
    `${opts.system} sent data that fails validation in GET ${path}${item}: ${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}`,
  );
}
