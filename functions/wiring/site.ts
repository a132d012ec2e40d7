/**
 * What handlers need to know of the deployment without reading the configuration themselves: the
 * site's public origin (absolute links in pages, the sitemap and robots.txt) and the publishable
 * settings the SPA reads before sign-in.
 */
import type { PublicConfig } from '@shared/schemas/accounts';
import { getConfig } from '../config';

/** APP_URL, which the configuration reads without trailing slashes: "https://market.example.com". */
export const siteOrigin = (): string => getConfig().APP_URL;

/** GET /api/config's answer: publishable values only, never secrets. */
export function publicConfig(): PublicConfig {
  const cfg = getConfig();
  return {
    google_client_id: cfg.GOOGLE_CLIENT_ID?.trim() || null,
    // The accounts function never reads the Stripe secret (least privilege): a deployment that
    // takes payments passes the publishable key; locally the secret key decides.
    stripe_enabled: Boolean(cfg.STRIPE_SECRET_KEY || cfg.STRIPE_PUBLISHABLE_KEY),
    stripe_publishable_key: cfg.STRIPE_PUBLISHABLE_KEY || null,
  };
}
