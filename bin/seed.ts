/**
 * Idempotent seed: the admin account from ADMIN_EMAIL/ADMIN_PASSWORD, the spec's 12 categories,
 * and (demo) a few developers with 20+ approved public dental apps. Safe to run at every start.
 */
import { seedAdmin, seedDemoDevelopers } from './seed/admin';
import { seedCatalogue } from './seed/catalogue';
import { seedDemoPractices } from './seed/demo-practices';
import { seedDemoReviews } from './seed/demo-reviews';

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  /** Demo developers and apps; categories are always seeded. */
  demo: boolean;
}

export async function seed(opts: SeedOptions): Promise<void> {
  await seedAdmin(opts.adminEmail, opts.adminPassword);
  if (opts.demo) await seedDemoDevelopers();
  await seedCatalogue({ demo: opts.demo });
  // Demo practices with licences of demo apps: the legacy system's events are theirs.
  if (opts.demo) await seedDemoPractices();
  // Demo ratings and installations, made through the real licence and review path.
  if (opts.demo) await seedDemoReviews();
}
