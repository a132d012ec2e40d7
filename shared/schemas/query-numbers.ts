import * as z from 'zod';

/** The message of every list's `?limit=` that is out of range or not a whole number. */
export const limitMessage = (max: number) => `limit must be a whole number from 1 to ${max}`;

/**
 * A whole number read from a query string (`?limit=20`, `?interval=60`), at least `min` and, when
 * given, at most `max`. Every way it can fail (not a number, a fraction, out of range) answers with
 * the same message.
 */
export function wholeNumberParam(message: string, min: number, max?: number) {
  const n = z.coerce.number({ error: message }).int(message).min(min, message);
  return max === undefined ? n : n.max(max, message);
}

/** `?limit=` of a list: a whole number from 1 to `max`. */
export const limitParam = (max: number, message = limitMessage(max)) => wholeNumberParam(message, 1, max);
