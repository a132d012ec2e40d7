/**
 * Fixtures of app and category records for tests (unit tests of the core and the integration
 * suites that write straight to the table). Every required field is filled with what a new,
 * approved, free public app has; a test names only the fields it is about.
 */
import type { CategoryRecord } from '../categories/category';
import { type AppRecord, newAppContent } from './app';

/** A listed (approved, not suspended) free public app with empty lists; `overrides` win. */
export function appRecord(overrides: Partial<AppRecord> & Pick<AppRecord, 'id'>): AppRecord {
  const now = new Date().toISOString();
  return {
    slug: overrides.id,
    name: `App ${overrides.id}`,
    type: 'public',
    user_id: 'dev-1',
    ...newAppContent(),
    is_approved: true,
    is_suspended: false,
    created_at: now,
    updated_at: now,
    version: 0,
    ...overrides,
  };
}

/** An active category record without description or icon. */
export const categoryRecord = (
  slug: string,
  name: string,
  overrides: Partial<CategoryRecord> = {},
): CategoryRecord => ({
  id: `cat-${slug}`,
  slug,
  name,
  description: '',
  color: '#3B82F6',
  icon: '',
  display_order: 0,
  is_active: true,
  created_at: '',
  updated_at: '',
  ...overrides,
});
