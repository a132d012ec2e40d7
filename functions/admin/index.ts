import { createGroupHandler } from '../http/group-handler';
import { approveProduction } from './admin-users/approve-production';
import { approveUser } from './admin-users/approve-user';
import { getUser } from './admin-users/get-user';
import { getUserKeys } from './admin-users/get-user-keys';
import { getUserLogs } from './admin-users/get-user-logs';
import { listUsers } from './admin-users/list-users';
import { rotateKeyAsAdmin } from './admin-users/rotate-key';

/** Lambda of the "admin" route group: every route of routes.ts with group "admin". */
export const handler = createGroupHandler('admin', {
  // Users and keys
  'GET /api/admin/users': listUsers,
  'POST /api/approve-user': approveUser,
  'GET /api/admin/users/{id}': getUser,
  'GET /api/admin/users/{id}/keys': getUserKeys,
  'GET /api/admin/users/{id}/logs': getUserLogs,
  'POST /api/admin/users/{id}/approve-production': approveProduction,
  'POST /api/admin/keys/{id}/rotate': rotateKeyAsAdmin,
  // Apps, purchases, webhook logs: added by their modules below
});
