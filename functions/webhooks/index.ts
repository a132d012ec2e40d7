import { createGroupHandler } from '../http/group-handler';

/** Lambda of the "webhooks" route group: every route of routes.ts with group "webhooks". */
export const handler = createGroupHandler('webhooks', {});
