import type { AppDetail, Category, MarketplaceApp } from '../types';

let seq = 0;

/** The next fixture's number, id (`<idPrefix>-<n>`), name (the override's, else `<kind> <n>`) and the slug of that name. */
function nextNamed(kind: string, idPrefix: string, name: string | undefined) {
  seq += 1;
  const shown = name ?? `${kind} ${seq}`;
  return { n: seq, id: `${idPrefix}-${seq}`, name: shown, slug: shown.toLowerCase().replace(/\s+/g, '-') };
}

/** A listed app with every field the API returns; override what the test is about. */
export function makeApp(overrides: Partial<MarketplaceApp> = {}): MarketplaceApp {
  const { id, name, slug } = nextNamed('App', 'app', overrides.name);
  return {
    id,
    slug,
    name,
    type: 'public',
    short_description: `${name} short description`,
    description: `${name} description`,
    tagline: `${name} tagline`,
    category: 'Patient Management',
    category_slug: 'patient-management',
    icon_url: null,
    pricing_model: 'subscription',
    price: 49,
    price_period: 'monthly',
    free_trial_days: null,
    average_rating: 0,
    installations: 0,
    review_count: 0,
    practice_systems: [],
    user_id: 'someone-else',
    company_name: 'Acme Dental Software',
    created_at: '2025-03-05T12:00:00.000Z',
    tags: '',
    ...overrides,
  };
}

export function makeAppDetail(overrides: Partial<AppDetail> = {}): AppDetail {
  return {
    ...makeApp(overrides),
    long_description: null,
    website_url: null,
    demo_url: null,
    documentation_url: null,
    support_url: null,
    privacy_policy_url: null,
    terms_url: null,
    logo_url: null,
    screenshots: [],
    demo_video_url: null,
    key_features: [],
    use_cases: [],
    integrations: [],
    refund_policy: null,
    company_size: null,
    founded_year: null,
    target_audience: null,
    unique_selling_points: [],
    competitor_comparison: null,
    customer_testimonials: [],
    licensing_type: null,
    is_approved: true,
    updated_at: '2025-03-05T12:00:00.000Z',
    ...overrides,
  };
}

export function makeCategory(overrides: Partial<Category> = {}): Category {
  const { n, id, name, slug } = nextNamed('Category', 'cat', overrides.name);
  return {
    id,
    slug,
    name,
    description: `${name} description`,
    color: '#3B82F6',
    icon: 'LuUsers',
    display_order: n,
    is_active: true,
    app_count: 0,
    ...overrides,
  };
}
