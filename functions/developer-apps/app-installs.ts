import { AppIdParams } from '@shared/schemas/apps';
import { AppInstallsQuery } from '@shared/schemas/installs';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { developerApps } from '../wiring/developer-apps';
import { installReader } from '../wiring/install-reader';

/**
 * GET /api/apps/{id}/installs?limit=&cursor=: the practices' installs of one of the caller's apps
 * (status, what each granted, since), a page at a time, newest first; another developer's app reads
 * as 'App not found' (the same ownership check as GET /api/apps/{id}).
 */
export const appInstalls: DeveloperHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const { limit, cursor } = parse(AppInstallsQuery, req.query);
  await developerApps.get(req.auth.userId, id);
  return ok(await installReader.pageOfApp(id, limit, cursor), { 'cache-control': 'no-store' });
};
