import { createGroupHandler } from '../http/group-handler';

/** Lambda of the "admin" route group: every route of routes.ts with group "admin". */
export const handler = createGroupHandler('admin', {});
