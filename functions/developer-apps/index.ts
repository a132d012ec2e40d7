import { createGroupHandler } from '../http/group-handler';

/** Lambda of the "developer-apps" route group: every route of routes.ts with group "developer-apps". */
export const handler = createGroupHandler('developer-apps', {});
