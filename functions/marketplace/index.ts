import { createGroupHandler } from '../http/group-handler';

/** Lambda of the "marketplace" route group: every route of routes.ts with group "marketplace". */
export const handler = createGroupHandler('marketplace', {});
