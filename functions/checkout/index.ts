import { createGroupHandler } from '../http/group-handler';

/** Lambda of the "checkout" route group: every route of routes.ts with group "checkout". */
export const handler = createGroupHandler('checkout', {});
