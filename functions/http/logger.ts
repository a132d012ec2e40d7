import { AsyncLocalStorage } from 'node:async_hooks';
import { getConfig } from '../config';

/**
 * Structured JSON logs, one line per event. Never pass secrets, passwords, tokens or full keys:
 * fields whose names look secret are redacted as a last line of defence.
 */
const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;
const SECRET_FIELD = /pass(word)?|secret|token|authorization|api[-_]?key|^key$|hash/i;

function redact(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = SECRET_FIELD.test(k) ? '[redacted]' : v;
  return out;
}

/** The request (API Gateway request id) or invocation (Lambda request id) a log line belongs to. */
const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` with `requestId` on every log line it (and whatever it awaits) writes. */
export function withRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return requestContext.run({ requestId: requestId || 'unknown' }, fn);
}

function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  let threshold: number = LEVELS.info;
  try {
    threshold = LEVELS[getConfig().LOG_LEVEL];
  } catch {
    // configuration not readable yet: keep the default level
  }
  if (LEVELS[level] < threshold) return;
  const requestId = requestContext.getStore()?.requestId;
  const line = JSON.stringify({
    level,
    time: new Date().toISOString(),
    ...(requestId ? { requestId } : {}),
    message,
    ...redact(fields),
  });
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export const logger = {
  debug: (m: string, f?: Record<string, unknown>) => log('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => log('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => log('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => log('error', m, f),
};
