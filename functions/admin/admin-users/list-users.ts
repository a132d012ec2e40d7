import { ok, type RouteHandler } from '../../http/types';
import { developerAdmin } from './service';

/** GET /api/admin/users: every account (developers and admins), newest first. */
export const listUsers: RouteHandler = async () => ok(await developerAdmin.listUsers());
