import { createUnauditedGroupHandler } from '../http/group-handler';
import { listEventTypes } from './event-types';
import { listInstalls } from './list-installs';
import { listLicenses } from './list-licenses';
import { getMe } from './me';
import { getOpenApiDocument } from './openapi-json';
import { validateLicense } from './validate-license';

/** Lambda of the "partner" route group: every route of routes.ts with group "partner". */
export const handler = createUnauditedGroupHandler('partner', {
  'GET /api/openapi.json': getOpenApiDocument,
  'GET /v1/me': getMe,
  'GET /v1/event-types': listEventTypes,
  'POST /v1/licenses/validate': validateLicense,
  'GET /v1/apps/{id}/licenses': listLicenses,
  'GET /v1/installs': listInstalls,
});
