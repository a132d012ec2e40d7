import { createGroupHandler } from '../http/group-handler';

/** Lambda of the "sync" route group: every route of routes.ts with group "sync". */
export const handler = createGroupHandler('sync', {});
