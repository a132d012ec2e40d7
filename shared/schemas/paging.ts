/**
 * The two halves of a cursor-paged list that many routes share: the query that asks for a page and
 * the answer that holds one. Each call builds new schemas, so the OpenAPI document inlines them
 * where they are used, as it did when every route wrote them out.
 */
import * as z from 'zod';
import { limitParam } from './query-numbers';

/** `?limit=&cursor=`: up to `max` items (`byDefault` without a limit) after the opaque cursor of the page before. */
export const cursorPageQuery = (max: number, byDefault: number) =>
  z.object({
    limit: limitParam(max).default(byDefault),
    cursor: z.string().max(1024).optional(),
  });

/**
 * One page: the fields given (the page's items under their own name, and anything counted beside
 * them), then `next_cursor`: pass it back as `cursor` for the next page; null on the last page.
 */
export const cursorPage = <Fields extends z.ZodRawShape>(fields: Fields) =>
  z.object({ ...fields, next_cursor: z.string().nullable() });
