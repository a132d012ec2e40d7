import type { AppType, LicensingType, PricePeriod, PricingModel } from '@shared/constants';
import type { OwnerApp } from '@shared/schemas/apps';
import type { PermissionsDraft } from '@/components/permissions/utils/draft';

/** GET /api/apps/{id}: the owner's edit view (metadata flattened, licensing material included). */
export type EditableApp = Partial<OwnerApp> & { id: string; name: string; type: AppType };

/** Everything the six steps edit, as the inputs hold it (numbers stay text until submitted). */
export interface WizardValues {
  // Step 1
  name: string;
  tagline: string;
  short_description: string;
  long_description: string;
  category: string;
  tags: string[];
  // Step 2
  website_url: string;
  icon_url: string;
  screenshots: string[];
  demo_url: string;
  documentation_url: string;
  support_url: string;
  demo_video_url: string;
  privacy_policy_url: string;
  terms_url: string;
  logo_url: string;
  // Step 3
  key_features: string[];
  use_cases: string[];
  integrations: string[];
  /** Practice-management systems (shared/practice-systems.ts values). */
  practice_systems: string[];
  /** The permissions declaration; null while untouched (nothing is sent for it). */
  data_access: PermissionsDraft | null;
  // Step 4
  company_name: string;
  company_size: string;
  founded_year: string;
  target_audience: string;
  unique_selling_points: string[];
  pricing_model: PricingModel;
  price: string;
  price_period: PricePeriod;
  free_trial_days: string;
  refund_policy: string;
  // Step 5
  licensing_type: LicensingType;
  /** One key per line. */
  license_keys: string;
  universal_access_code: string;
  licensing_instructions: string;
  webhook_license_url: string;
  // Step 6
  terms_accepted: boolean;
}

/** POST /api/upload/screenshots answers the stored images. */
export type {
  AppSubmitPayload as SubmitPayload,
  QuickAppPayload as QuickAppInput,
  UploadedImage,
} from '@shared/schemas/apps';
