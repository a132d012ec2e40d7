import { ok, type RouteHandler } from '../../http/types';
import { adminApps } from './service';

/** GET /api/admin/apps: every app of every type, newest first, with its developer's e-mail. */
export const listAppsAsAdmin: RouteHandler = async () => ok(await adminApps.list());
