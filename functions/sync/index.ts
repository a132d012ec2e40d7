import { createGroupHandler } from '../http/group-handler';
import { cursorReset } from './cursor-reset';
import { getFeature } from './get-feature';
import { getFeatureLinks } from './get-feature-links';
import { internalLoad } from './internal-load';
import { internalLogs } from './internal-logs';
import { internalStatus } from './internal-status';
import { listCategories } from './list-categories';
import { listInternalEventTypes } from './list-event-types';
import { listFeatures } from './list-features';
import { listRelationships } from './list-relationships';
import { listTables } from './list-tables';
import { pollSummary } from './poll-summary';
import { pollingStart } from './polling-start';
import { pollingStop } from './polling-stop';
import { queueRetryFailed } from './queue-retry-failed';
import { queueStatus } from './queue-status';
import { saveFeatureLinks } from './save-feature-links';
import { syncHealth } from './sync-health';
import { syncHistory } from './sync-history';
import { syncStatus } from './sync-status';
import { triggerSync } from './trigger-sync';

/** Lambda of the "sync" route group: every route of routes.ts with group "sync". */
export const handler = createGroupHandler('sync', {
  'POST /api/admin/sync/trigger': triggerSync,
  'GET /api/admin/sync/status': syncStatus,
  'GET /api/admin/sync/health': syncHealth,
  'GET /api/admin/sync/history': syncHistory,
  'GET /api/admin/sync/poll-summary': pollSummary,
  'POST /api/admin/sync/polling/start': pollingStart,
  'POST /api/admin/sync/polling/stop': pollingStop,
  'POST /api/admin/sync/cursor/reset': cursorReset,
  'GET /api/admin/sync/queue/status': queueStatus,
  'POST /api/admin/sync/queue/retry-failed': queueRetryFailed,
  'POST /api/internal-sync/load': internalLoad,
  'GET /api/internal-sync/status': internalStatus,
  'GET /api/internal-sync/features': listFeatures,
  'GET /api/internal-sync/features/{id}': getFeature,
  'GET /api/internal-sync/features/{id}/link-events': getFeatureLinks,
  'POST /api/internal-sync/features/{id}/link-events': saveFeatureLinks,
  'GET /api/internal-sync/event-types': listInternalEventTypes,
  'GET /api/internal-sync/tables': listTables,
  'GET /api/internal-sync/relationships': listRelationships,
  'GET /api/internal-sync/categories': listCategories,
  'GET /api/internal-sync/logs': internalLogs,
});
