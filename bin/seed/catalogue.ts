/**
 * Seeds the catalogue: the spec's 12 categories always, and with `demo` the demo apps of
 * bin/seed/demo-apps.ts (owned by the demo developers of bin/seed/demo-developers.ts).
 * Idempotent and respectful of admin edits: it only creates what is missing (fixed ids) and never
 * overwrites an existing category or app.
 */
import { createHash } from 'node:crypto';
import { DynamoAppsRepository } from '../../functions/adapters/dynamodb/apps-repo';
import { DynamoCategoriesRepository } from '../../functions/adapters/dynamodb/categories-repo';
import { addKeys as addPoolKeys } from '../../functions/adapters/dynamodb/key-pool-repo';
import type { AppRecord } from '../../functions/core/apps/app';
import type { CategoryRecord } from '../../functions/core/categories/category';
import { ConflictError } from '../../functions/core/errors';
import { DEMO_APPS, type DemoApp } from './demo-apps';
import { DEMO_DEVELOPERS } from './demo-developers';

export interface SeedCategory {
  slug: string;
  name: string;
  description: string;
  /** react-icons Lucide component name. */
  icon: string;
  color: string;
}

/** The spec's known slugs, in display order. */
export const SEED_CATEGORIES: readonly SeedCategory[] = [
  {
    slug: 'patient-management',
    name: 'Patient Management',
    description: 'Patient records, intake forms, family accounts and everything the front desk needs to know.',
    icon: 'LuUsers',
    color: '#2563EB',
  },
  {
    slug: 'appointment-scheduling',
    name: 'Appointment Scheduling',
    description: 'Calendars, online booking and tools that keep every chair filled.',
    icon: 'LuCalendarDays',
    color: '#7C3AED',
  },
  {
    slug: 'billing-insurance',
    name: 'Billing & Insurance',
    description: 'Claims, eligibility checks, patient statements and payments.',
    icon: 'LuReceipt',
    color: '#059669',
  },
  {
    slug: 'clinical-tools',
    name: 'Clinical Tools',
    description: 'Charting, treatment planning and prescribing tools for the operatory.',
    icon: 'LuStethoscope',
    color: '#DC2626',
  },
  {
    slug: 'analytics-reporting',
    name: 'Analytics & Reporting',
    description: 'Dashboards and KPIs that show how the practice is really doing.',
    icon: 'LuChartColumn',
    color: '#0891B2',
  },
  {
    slug: 'communication',
    name: 'Communication',
    description: 'Texting, reminders and recall that keep patients in touch with the practice.',
    icon: 'LuMessagesSquare',
    color: '#EA580C',
  },
  {
    slug: 'marketing',
    name: 'Marketing',
    description: 'Reviews, advertising and campaigns that bring in new patients.',
    icon: 'LuMegaphone',
    color: '#DB2777',
  },
  {
    slug: 'education',
    name: 'Education',
    description: 'Patient education and continuing education for the dental team.',
    icon: 'LuGraduationCap',
    color: '#CA8A04',
  },
  {
    slug: 'imaging-xray',
    name: 'Imaging & X-Ray',
    description: 'Sensors, radiograph viewers, CBCT and AI-assisted image analysis.',
    icon: 'LuScanLine',
    color: '#4F46E5',
  },
  {
    slug: 'lab-integration',
    name: 'Lab Integration',
    description: 'Digital prescriptions, scan transfer and case tracking with dental labs.',
    icon: 'LuFlaskConical',
    color: '#0D9488',
  },
  {
    slug: 'inventory-management',
    name: 'Inventory Management',
    description: 'Supplies, purchasing and instrument sterilisation tracking.',
    icon: 'LuPackage',
    color: '#65A30D',
  },
  {
    slug: 'other',
    name: 'Other',
    description: 'Compliance, HR and other tools that keep a dental practice running.',
    icon: 'LuLayoutGrid',
    color: '#64748B',
  },
];

export const seedCategoryId = (slug: string) => `cat-${slug}`;
export const demoAppId = (slug: string) => `demo-app-${slug}`;

/** Fixed demo licence keys of the form DEMO-XXXX-NNNN (stable across runs). */
export function demoLicenseKeys(slug: string, count: number): string[] {
  const tag = createHash('sha256').update(slug).digest('hex').slice(0, 4).toUpperCase();
  return Array.from({ length: count }, (_, i) => `DEMO-${tag}-${String(1001 + i)}`);
}

async function seedCategories(repo: DynamoCategoriesRepository): Promise<void> {
  const now = new Date().toISOString();
  for (const [index, c] of SEED_CATEGORIES.entries()) {
    const id = seedCategoryId(c.slug);
    if (await repo.getById(id)) continue;
    const record: CategoryRecord = {
      id,
      ...c,
      display_order: (index + 1) * 10,
      is_active: true,
      created_at: now,
      updated_at: now,
    };
    try {
      await repo.create(record);
    } catch (err) {
      // Created meanwhile, or an admin already made a category with this slug: keep theirs.
      if (!(err instanceof ConflictError)) throw err;
    }
  }
}

function toDemoRecord(d: DemoApp, category: CategoryRecord | undefined): AppRecord {
  const developer = DEMO_DEVELOPERS.find((dev) => dev.id === d.developer);
  const site = `https://${d.domain}`;
  return {
    id: demoAppId(d.slug),
    slug: d.slug,
    name: d.name,
    type: d.type ?? 'public',
    user_id: d.developer,
    description: d.description,
    short_description: d.short_description,
    long_description: d.long_description,
    tagline: d.tagline,
    category: category?.name,
    category_slug: category?.slug,
    tags: d.tags,
    website_url: site,
    demo_url: `${site}/demo`,
    documentation_url: `${site}/docs`,
    support_url: `${site}/support`,
    privacy_policy_url: `${site}/privacy`,
    terms_url: `${site}/terms`,
    icon_url: `/demo-icons/${d.slug}.svg`,
    logo_url: `/demo-icons/${d.slug}.svg`,
    screenshots: [],
    key_features: d.key_features,
    use_cases: d.use_cases,
    integrations: d.integrations,
    pricing_model: d.pricing_model,
    price_cents: d.price_cents,
    price_period: d.pricing_model === 'subscription' || d.pricing_model === 'freemium' ? d.price_period : undefined,
    free_trial_days: d.free_trial_days,
    refund_policy: d.refund_policy,
    company_name: developer?.company_name,
    company_size: d.company_size,
    founded_year: d.founded_year,
    target_audience: d.target_audience,
    unique_selling_points: d.unique_selling_points,
    customer_testimonials: [],
    licensing_type: d.licensing.type,
    universal_access_code: d.licensing.type === 'universal_code' ? d.licensing.code : undefined,
    licensing_instructions: d.licensing.type === 'manual' ? d.licensing.instructions : undefined,
    practice_systems: demoPracticeSystems(d.slug),
    average_rating: 0,
    installations: 0,
    is_approved: d.is_approved ?? true,
    is_suspended: false,
    created_at: d.created_at,
    updated_at: d.created_at,
    version: 1,
  };
}

/** Which practice-management systems each demo app declares: every one works with Open Dental or Dentrix. */
const SYSTEM_SETS: string[][] = [
  ['open_dental', 'dentrix', 'eaglesoft'],
  ['open_dental', 'dentrix_ascend', 'curve_dental'],
  ['dentrix', 'eaglesoft', 'denticon'],
  ['open_dental', 'carestack', 'tab32'],
  ['dentrix', 'carestream_sensei', 'oryx', 'other'],
];
export function demoPracticeSystems(slug: string): string[] {
  const i = DEMO_APPS.findIndex((a) => a.slug === slug);
  return SYSTEM_SETS[Math.max(i, 0) % SYSTEM_SETS.length] as string[];
}

async function seedDemoApps(categoriesRepo: DynamoCategoriesRepository): Promise<void> {
  const apps = new DynamoAppsRepository();
  const categories = await categoriesRepo.list();
  const fallback = categories.find((c) => c.slug === 'other');
  for (const d of DEMO_APPS) {
    if (await apps.getById(demoAppId(d.slug))) continue;
    const category = categories.find((c) => c.slug === d.category_slug) ?? fallback;
    try {
      await apps.create(toDemoRecord(d, category));
    } catch (err) {
      if (err instanceof ConflictError) continue;
      throw err;
    }
    if (d.licensing.type === 'key_pool') {
      await addPoolKeys(demoAppId(d.slug), demoLicenseKeys(d.slug, d.licensing.keys), d.created_at);
    }
  }
}

export async function seedCatalogue(opts: { demo: boolean }): Promise<void> {
  const categories = new DynamoCategoriesRepository();
  await seedCategories(categories);
  if (opts.demo) await seedDemoApps(categories);
}
