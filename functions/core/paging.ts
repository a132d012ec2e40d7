/**
 * One vocabulary for lists read page by page.
 *
 * Inside the functions every page is a `Page<T>`: its items and the cursor of the next page (null
 * on the last one). An HTTP answer keeps the field names the spec and the OpenAPI document give it
 * (the audit trail's `entries`, a marketplace page's `total`, ...): the service maps at the edge.
 *
 * A cursor is opaque to clients: base64url of a small JSON object (a DynamoDB LastEvaluatedKey, or
 * an offset into a sorted list). This is the one codec that writes and reads them; the reader says
 * what belongs to the list it pages (the right index and partition), and anything else is refused
 * with a 400.
 */
import { ValidationError } from './errors';

export interface Page<T> {
  items: T[];
  /** Pass back to read the next page; null on the last page. */
  next_cursor: string | null;
}

export function encodeCursor(value: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

/**
 * The object a cursor carries, when `belongs` accepts it as a cursor of this list; otherwise
 * (not base64url JSON, not an object, another list's) a ValidationError with `invalid`.
 */
export function decodeCursor(
  cursor: string,
  belongs: (value: Record<string, unknown>) => boolean,
  invalid: string,
): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ValidationError(invalid);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ValidationError(invalid);
  const object = value as Record<string, unknown>;
  if (!belongs(object)) throw new ValidationError(invalid);
  return object;
}
