/**
 * GET /api/stripe/my-purchases' paging query (issue 26), apart from checkout.ts so that functions
 * that only share the purchase shapes (the storefront, admin) do not carry it.
 */
import * as z from 'zod';
import { limitParam } from './query-numbers';

export const MY_PURCHASES_DEFAULT_LIMIT = 100;
export const MY_PURCHASES_MAX_LIMIT = 100;
export const MY_PURCHASES_CURSOR_INVALID = 'cursor is not a cursor of your purchases';
/**
 * GET /api/stripe/my-purchases: the spec's plain array, one page of it (at most
 * MY_PURCHASES_DEFAULT_LIMIT without `limit`); the next page's cursor is in X-Next-Cursor.
 */
export const MyPurchasesQuery = z.object({
  limit: limitParam(MY_PURCHASES_MAX_LIMIT)
    .default(MY_PURCHASES_DEFAULT_LIMIT)
    .describe(`purchases per page (default and at most ${MY_PURCHASES_MAX_LIMIT})`),
  cursor: z.string().max(2048).optional().describe('X-Next-Cursor of the previous answer'),
});
