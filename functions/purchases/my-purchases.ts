import { ok, type UserHandler } from '../http/types';
import { purchases } from '../wiring/purchases';

/** GET /api/stripe/my-purchases: the signed-in user's completed and refunded purchases, newest first. */
export const myPurchases: UserHandler = async (req) => ok(await purchases.myPurchases(req.auth.userId));
