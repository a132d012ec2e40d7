import { AdminAppListQuery, adminAppListing } from '../../../shared/schemas/admin-lists';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { adminApps } from '../../wiring/admin-apps';

/**
 * GET /api/admin/apps: every app of every type, newest first, with its developer's e-mail.
 * q (app name, developer e-mail, company), status and type narrow the list. With `page` the
 * answer is one page (apps awaiting review first) with the counts App Management shows.
 */
export const listAppsAsAdmin: AdminHandler = async (req) =>
  ok(adminAppListing(await adminApps.list(), parse(AdminAppListQuery, req.query)));
