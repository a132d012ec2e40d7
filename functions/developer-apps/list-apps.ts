import { type DeveloperHandler, ok } from '../http/types';
import { developerApps } from '../wiring/developer-apps';

/** GET /api/apps: the caller's own apps, newest first (a plain array). */
export const listApps: DeveloperHandler = async (req) => ok(await developerApps.list(req.auth.userId));
