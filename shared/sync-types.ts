/**
 * The kinds of sync run. Their own module, not shared/constants.ts: the visitor's first download
 * holds every export of constants.ts that any screen uses, and only the admin screens use these.
 */
export const SYNC_TYPES = [
  'legacy_users',
  'legacy_events',
  'internal_features',
  'internal_events',
  'internal_tables',
  'internal_relationships',
  'full_sync',
] as const;
