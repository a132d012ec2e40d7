import { createGroupHandler } from '../http/group-handler';

/** Lambda of the "partner" route group: every route of routes.ts with group "partner". */
export const handler = createGroupHandler('partner', {});
