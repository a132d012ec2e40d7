import { InstallListQuery } from '@shared/schemas/installs';
import { ok } from '../http/types';
import { parse } from '../http/validate';
import { installReader } from '../wiring/install-reader';
import { partner } from '../wiring/partner';
import { withApiKey } from './with-api-key';

/** GET /v1/installs?app_id=&limit=&cursor=: the installs of one of the key owner's apps, newest first. */
export const listInstalls = withApiKey(async (req, { key }) => {
  const { app_id, limit, cursor } = parse(InstallListQuery, req.query);
  await partner.requireOwnApp(key.user_id, app_id);
  return ok(await installReader.pageOfApp(app_id, limit, cursor));
});
