import { ok, type RouteHandler } from '../http/types';
import { checkoutServices } from './service';

/** GET /api/stripe/my-purchases: the signed-in user's completed and refunded purchases, newest first. */
export const myPurchases: RouteHandler = async (req) =>
  ok(await checkoutServices().purchases.myPurchases(req.auth!.userId));
