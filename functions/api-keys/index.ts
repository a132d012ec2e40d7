import { createGroupHandler } from '../http/group-handler';

/** Lambda of the "api-keys" route group: every route of routes.ts with group "api-keys". */
export const handler = createGroupHandler('api-keys', {});
