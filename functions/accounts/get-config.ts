import type { PublicConfig } from '../../shared/schemas/accounts';
import { getConfig } from '../config';
import { ok, type RouteHandler } from '../http/types';

/** GET /api/config: what the SPA needs before sign-in. Publishable values only, never secrets. */
export const getPublicConfig: RouteHandler = async () => {
  const cfg = getConfig();
  const body: PublicConfig = {
    google_client_id: cfg.GOOGLE_CLIENT_ID?.trim() || null,
    // The accounts function never reads the Stripe secret (least privilege): a deployment that
    // takes payments passes the publishable key; locally the secret key decides.
    stripe_enabled: Boolean(cfg.STRIPE_SECRET_KEY || cfg.STRIPE_PUBLISHABLE_KEY),
    stripe_publishable_key: cfg.STRIPE_PUBLISHABLE_KEY || null,
  };
  return ok(body);
};
