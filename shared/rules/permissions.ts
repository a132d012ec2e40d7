/**
 * Data-access rules without zod (modes, labels, limits, messages), for the SPA's app page as well
 * as the server. The request schema is in shared/schemas/permissions.ts.
 */
export const ACCESS_MODES = ['read', 'write', 'read_write'] as const;
export type AccessMode = (typeof ACCESS_MODES)[number];
export const ACCESS_MODE_LABELS: Record<AccessMode, string> = {
  read: 'Reads',
  write: 'Writes',
  read_write: 'Reads and writes',
};
export const PERMISSIONS_MAX_ITEMS = 100;

export const PERMISSIONS_MESSAGES = {
  notSynced: 'The practice system catalogue has not been synced yet, so permissions cannot be declared.',
  unknownFeatures: (ids: string[]) => `Unknown features: ${ids.join(', ')}`,
  unknownEventTypes: (ids: string[]) => `Unknown event types: ${ids.join(', ')}`,
  duplicateFeature: 'Each feature can be declared once',
  baaUrlRequired: 'A link to the Business Associate Agreement (https) is required when you sign one',
  baaUrlHttps: 'The Business Associate Agreement link must be an https URL',
  mode: `access must be one of ${ACCESS_MODES.join(', ')}`,
} as const;
