import { createGroupHandler } from '../http/group-handler';
import { approveApp } from './admin-apps/approve-app';
import { clearAppFlag } from './admin-apps/clear-flag';
import { deleteAppAsAdmin } from './admin-apps/delete-app';
import { listAppsAsAdmin } from './admin-apps/list-apps';
import { suspendApp } from './admin-apps/suspend-app';
import { listAuditEntries } from './admin-audit/list-audit';
import { adminListCategories } from './admin-categories/admin-list-categories';
import { createCategory } from './admin-categories/create-category';
import { deleteCategory } from './admin-categories/delete-category';
import { updateCategory } from './admin-categories/update-category';
import { listWebhookLogsAsAdmin } from './admin-logs/list-logs';
import { replayWebhookLog } from './admin-logs/replay-log';
import { liftMailSuppression, listMailSuppressions } from './admin-mail/suppressions';
import { listAppPurchases } from './admin-purchases/list-app-purchases';
import { adminCompleteManualLicence, listAllManualLicences } from './admin-purchases/manual-licences';
import { hideReview } from './admin-reviews/hide-review';
import { approveProduction } from './admin-users/approve-production';
import { approveUser } from './admin-users/approve-user';
import { getUser } from './admin-users/get-user';
import { getUserKeys } from './admin-users/get-user-keys';
import { getUserLogs } from './admin-users/get-user-logs';
import { listUsers } from './admin-users/list-users';
import { resendInvitation } from './admin-users/resend-invitation';
import { rotateKeyAsAdmin } from './admin-users/rotate-key';

/**
 * Lambda of the "admin" route group: every route of routes.ts with group "admin". The refund route
 * is the checkout function's, which carries the Stripe SDK the refund needs.
 */
export const handler = createGroupHandler('admin', {
  // Users and keys
  'GET /api/admin/users': listUsers,
  'POST /api/approve-user': approveUser,
  'GET /api/admin/users/{id}': getUser,
  'GET /api/admin/users/{id}/keys': getUserKeys,
  'GET /api/admin/users/{id}/logs': getUserLogs,
  'POST /api/admin/users/{id}/approve-production': approveProduction,
  'POST /api/admin/users/{id}/resend-invitation': resendInvitation,
  'POST /api/admin/keys/{id}/rotate': rotateKeyAsAdmin,
  // Category curation (the handlers live with the marketplace's category code)
  'GET /api/admin/categories': adminListCategories,
  'POST /api/admin/categories': createCategory,
  'PUT /api/admin/categories/{id}': updateCategory,
  'DELETE /api/admin/categories/{id}': deleteCategory,
  // Apps, purchases, webhook logs: added by their modules below
  'GET /api/admin/apps': listAppsAsAdmin,
  'POST /api/admin/apps/{id}/approve': approveApp,
  'POST /api/admin/apps/{id}/suspend': suspendApp,
  'POST /api/admin/apps/{id}/clear-flag': clearAppFlag,
  'DELETE /api/admin/apps/{id}/delete': deleteAppAsAdmin,
  'GET /api/admin/apps/{id}/purchases': listAppPurchases,
  'GET /api/admin/manual-licences': listAllManualLicences,
  'POST /api/admin/purchases/{id}/complete-licence': adminCompleteManualLicence,
  'GET /api/admin/logs': listWebhookLogsAsAdmin,
  'POST /api/admin/logs/{id}/replay': replayWebhookLog,
  'GET /api/admin/mail-suppressions': listMailSuppressions,
  'POST /api/admin/mail-suppressions/lift': liftMailSuppression,
  'GET /api/admin/audit': listAuditEntries,
  'POST /api/admin/apps/{id}/reviews/{reviewId}/hide': hideReview,
});
