import { createGroupHandler } from '../http/group-handler';

/** Lambda of the "accounts" route group: every route of routes.ts with group "accounts". */
export const handler = createGroupHandler('accounts', {});
