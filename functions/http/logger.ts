import { AsyncLocalStorage } from 'node:async_hooks';
import { LogFormatter, Logger, LogItem } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { getConfig } from '../config';

/**
 * Structured JSON logs, one line per event, written by Powertools for AWS Lambda's Logger. Never
 * pass secrets, passwords, tokens or full keys: fields whose names look secret are redacted as a
 * last line of defence (in the formatter, so every line goes through it).
 *
 * The correlation id of a line is the request it belongs to (API Gateway's request id) or the
 * invocation (Lambda's request id; a queue worker adds the message id). It is kept in an
 * AsyncLocalStorage rather than in the Logger's own keys, because the local server runs many
 * requests of one handler concurrently in one process, where Logger keys would be shared.
 */
const LEVELS = { debug: 'DEBUG', info: 'INFO', warn: 'WARN', error: 'ERROR', silent: 'SILENT' } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;
const SECRET_FIELD = /pass(word)?|secret|token|authorization|api[-_]?key|^key$|hash/i;

function redact(fields: LogAttributes): LogAttributes {
  const out: LogAttributes = {};
  for (const [k, v] of Object.entries(fields)) out[k] = SECRET_FIELD.test(k) ? '[redacted]' : v;
  return out;
}

/** The request (API Gateway request id) or invocation (Lambda request id) a log line belongs to. */
const requestContext = new AsyncLocalStorage<{ requestId: string; messageId?: string }>();

/** Runs `fn` with `requestId` as the correlation id of every log line it (and whatever it awaits) writes. */
export function withRequestId<T>(requestId: string | undefined, fn: () => T): T {
  return requestContext.run({ requestId: requestId || 'unknown' }, fn);
}

/** Within an invocation: runs `fn` with the queue message's id on every log line as well. */
export function withMessageId<T>(messageId: string, fn: () => T): T {
  return requestContext.run({ requestId: currentRequestId() ?? 'unknown', messageId }, fn);
}

/** The correlation id of the current request or invocation, if any. */
export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;

/**
 * Today's line shape (`level`, `time`, `requestId`, `message`, fields) plus Powertools' standard
 * keys (`correlation_id`, `service`, the X-Ray trace id and the Lambda context when there is one).
 */
class RedactingFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    const store = requestContext.getStore();
    const requestId = store?.requestId;
    const ctx = attributes.lambdaContext;
    const base: LogAttributes = {
      level: attributes.logLevel.toLowerCase(),
      time: this.formatTimestamp(attributes.timestamp),
      ...(requestId ? { requestId, correlation_id: requestId } : {}),
      ...(store?.messageId ? { messageId: store.messageId } : {}),
      message: attributes.message,
      service: attributes.serviceName,
      ...(ctx ? { function_name: ctx.functionName, cold_start: ctx.coldStart } : {}),
      ...(attributes.xRayTraceId ? { xray_trace_id: attributes.xRayTraceId } : {}),
    };
    return new LogItem({ attributes: base }).addAttributes(redact(additional));
  }
}

let powertools: Logger | undefined;
let currentLevel: string | undefined;

function instance(): Logger {
  let level: string = LEVELS.info;
  try {
    level = LEVELS[getConfig().LOG_LEVEL];
  } catch {
    // configuration not readable yet: keep the default level
  }
  if (!powertools) {
    powertools = new Logger({
      serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'dental-marketplace',
      logLevel: level as 'INFO',
      logFormatter: new RedactingFormatter(),
    });
    currentLevel = level;
  } else if (level !== currentLevel) {
    powertools.setLogLevel(level as 'INFO');
    currentLevel = level;
  }
  return powertools;
}

function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  instance()[level](message, fields);
}

/** An error as one log field: its name and message (the stack is in the trace), or whatever was thrown. */
export const errorField = (err: unknown): string =>
  err instanceof Error ? `${err.name}: ${err.message}` : String(err);

export const logger = {
  debug: (m: string, f?: Record<string, unknown>) => log('debug', m, f),
  info: (m: string, f?: Record<string, unknown>) => log('info', m, f),
  warn: (m: string, f?: Record<string, unknown>) => log('warn', m, f),
  error: (m: string, f?: Record<string, unknown>) => log('error', m, f),
};

/** In a Lambda: the function's name and cold start on the invocation's log lines (locally there is no context). */
export function addLambdaContext(context: { functionName?: string } | undefined): void {
  if (context?.functionName) instance().addContext(context as Parameters<Logger['addContext']>[0]);
}
