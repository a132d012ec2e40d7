/**
 * Data-access rules without zod (modes, labels, limits, messages), for the SPA's app page as well
 * as the server. The request schema is in shared/schemas/data-access.ts.
 */
export const DATA_ACCESS_MODES = ['read', 'write', 'read_write'] as const;
export type DataAccessMode = (typeof DATA_ACCESS_MODES)[number];
export const DATA_ACCESS_MODE_LABELS: Record<DataAccessMode, string> = {
  read: 'Reads',
  write: 'Writes',
  read_write: 'Reads and writes',
};
export const DATA_ACCESS_MAX_ITEMS = 100;

export const DATA_ACCESS_MESSAGES = {
  notSynced: 'The practice system catalogue has not been synced yet, so permissions cannot be declared.',
  unknownFeatures: (ids: string[]) => `Unknown features: ${ids.join(', ')}`,
  unknownEventTypes: (ids: string[]) => `Unknown event types: ${ids.join(', ')}`,
  duplicateFeature: 'Each feature can be declared once',
  baaUrlRequired: 'A link to the Business Associate Agreement (https) is required when you sign one',
  baaUrlHttps: 'The Business Associate Agreement link must be an https URL',
  mode: `access must be one of ${DATA_ACCESS_MODES.join(', ')}`,
} as const;
