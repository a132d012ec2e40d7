import type { AppType, LicenseStatus, PricePeriod, PricingModel } from '../../../../shared/constants';

/**
 * The developer's own app as GET /api/apps lists it (docs/spec.md section 3). Only the fields these
 * screens read; optional ones may be absent or null.
 */
export interface OwnApp {
  id: string;
  slug?: string | null;
  name: string;
  type: AppType;
  description?: string | null;
  short_description?: string | null;
  tagline?: string | null;
  category?: string | null;
  icon_url?: string | null;
  website_url?: string | null;
  pricing_model?: PricingModel | null;
  price?: number | null;
  price_period?: PricePeriod | null;
  /** Public apps: false until an admin approves the app. */
  is_approved?: boolean;
  is_suspended?: boolean;
  /** The server's one status (shared/app-status.ts). */
  status?: string | null;
  /** Why an admin suspended the app, when they said. */
  suspension_reason?: string | null;
  created_at?: string;
}

/** One licence bought in the marketplace (GET /api/stripe/my-purchases). */
export interface Purchase {
  id: string;
  app?: {
    id?: string;
    name?: string;
    slug?: string | null;
    icon_url?: string | null;
    description?: string | null;
    documentation_url?: string | null;
  } | null;
  amount?: number | null;
  currency?: string | null;
  created_at?: string | null;
  expires_at?: string | null;
  license_status?: LicenseStatus | string | null;
  assigned_license_key?: string | null;
  license_key?: string | null;
}

/** GET /api/apps/{id}/analytics (section 3, App analytics). */
export interface AppAnalytics {
  total_sales?: number;
  total_revenue?: number;
  customers?: { id: string; name?: string | null; email?: string | null; purchase_count?: number }[];
  recent_purchases?: {
    id: string;
    user_name?: string | null;
    user_email?: string | null;
    amount?: number | null;
    created_at?: string | null;
    payment_method?: string | null;
  }[];
}

/** A webhook of one app (section 3). The list shows the secret's first 10 characters. */
export interface AppWebhook {
  id: string;
  event_type: string;
  target_url: string;
  secret?: string | null;
  is_active?: boolean;
}

/** One delivery attempt of a webhook (section 3, developer log view). */
export interface WebhookLog {
  id: string;
  event_type?: string | null;
  target_url?: string | null;
  status_code?: number | null;
  response?: string | null;
  timestamp?: string | null;
  created_at?: string | null;
  response_time_ms?: number | null;
  retry_count?: number | null;
  delivery_id?: string | null;
}
