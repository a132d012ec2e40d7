import { ApiError } from '@/lib/api-client';
import { formatCount } from '@/utils/format';
import type { HealthComponent, HealthState, RunStatus, SyncType } from '../types';

/** The detail for a '…: {detail}' message: the server's detail, else what went wrong locally. */
export function failureDetail(err: unknown): string {
  if (err instanceof ApiError) return err.detail ?? `the server answered ${err.status}`;
  if (err instanceof Error && err.message) return err.message;
  return 'unknown error';
}

export const SYNC_TYPE_LABELS: Record<SyncType, string> = {
  legacy_users: 'Legacy users',
  legacy_events: 'Legacy events',
  internal_features: 'Internal features',
  internal_events: 'Internal event types',
  internal_tables: 'Internal tables',
  internal_relationships: 'Internal relationships',
  full_sync: 'Full internal sync',
};

export const syncTypeLabel = (type: string): string => SYNC_TYPE_LABELS[type as SyncType] ?? type;

/** Every status reads as a word (never colour alone); the palette only repeats it. */
export const RUN_STATUS: Record<RunStatus, { label: string; palette: 'gray' | 'blue' | 'green' | 'red' }> = {
  queued: { label: 'Queued', palette: 'gray' },
  running: { label: 'Running', palette: 'blue' },
  succeeded: { label: 'Succeeded', palette: 'green' },
  failed: { label: 'Failed', palette: 'red' },
};

export const HEALTH_STATE: Record<HealthState, { label: string; palette: 'green' | 'yellow' | 'red' }> = {
  healthy: { label: 'Healthy', palette: 'green' },
  degraded: { label: 'Degraded', palette: 'yellow' },
  unhealthy: { label: 'Unhealthy', palette: 'red' },
};

export const COMPONENT_LABELS: Record<HealthComponent['name'], string> = {
  table: 'Database table',
  legacy_system: 'Legacy system',
  internal_system: 'Internal system',
  webhook_queue: 'Webhook queue',
  mail: 'Mail',
};

export const componentLabel = (name: string): string => COMPONENT_LABELS[name as HealthComponent['name']] ?? name;

/** "12 s", "4 min", "2 h" for an age in seconds. */
export function formatAge(seconds: number | null | undefined): string {
  if (seconds == null) return '—';
  if (seconds < 60) return `${Math.round(seconds)} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

/** A run's counts as "created 3 · updated 1". */
export const formatCounts = (counts: Record<string, number> | null | undefined): string =>
  Object.entries(counts ?? {})
    .map(([k, v]) => `${k} ${formatCount(v)}`)
    .join(' · ');
