import { createGroupHandler } from '../http/group-handler';
import { appAnalytics } from './app-analytics';
import { appInstalls } from './app-installs';
import { createApp } from './create-app';
import { deleteApp } from './delete-app';
import { getApp } from './get-app';
import { listApps } from './list-apps';
import { completeMyManualLicence, listMyManualLicences } from './manual-licences';
import { getAppPermissions, getPermissionsCatalogue, putAppPermissions } from './permissions';
import { replyToReview } from './reply-review';
import { submitApp } from './submit-app';
import { updateApp } from './update-app';
import { updateListing } from './update-listing';
import { confirmUpload } from './upload-confirm';
import { presignUpload } from './upload-presign';
import { uploadScreenshots } from './upload-screenshots';
import { withdrawChanges } from './withdraw-changes';

/** Lambda of the "developer-apps" route group: every route of routes.ts with group "developer-apps". */
export const handler = createGroupHandler('developer-apps', {
  'GET /api/apps': listApps,
  'POST /api/apps': createApp,
  'POST /api/apps/submit': submitApp,
  'GET /api/apps/{id}': getApp,
  'PUT /api/apps/{id}': updateApp,
  'PUT /api/apps/{id}/update': updateListing,
  'DELETE /api/apps/{id}': deleteApp,
  'POST /api/apps/{id}/withdraw-changes': withdrawChanges,
  'POST /api/upload/screenshots': uploadScreenshots,
  'POST /api/upload/presign': presignUpload,
  'POST /api/upload/confirm': confirmUpload,
  'GET /api/apps/{id}/analytics': appAnalytics,
  'GET /api/apps/{id}/installs': appInstalls,
  'GET /api/data-access/catalogue': getPermissionsCatalogue,
  'GET /api/apps/{id}/data-access': getAppPermissions,
  'PUT /api/apps/{id}/data-access': putAppPermissions,
  'POST /api/apps/{id}/reviews/{reviewId}/reply': replyToReview,
  'GET /api/manual-licences': listMyManualLicences,
  'POST /api/manual-licences/{id}/complete': completeMyManualLicence,
});
