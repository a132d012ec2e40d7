import { AppIdParams } from '@shared/schemas/apps';
import { audit } from '../http/audit';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { developerApps } from '../wiring/developer-apps';

/**
 * POST /api/apps/{id}/withdraw-changes: the owner withdraws the changes of an approved app that
 * wait for review; the values the admin reviewed are the app's again (409 when none wait).
 */
export const withdrawChanges: DeveloperHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const app = await developerApps.withdrawChanges(req.auth.userId, id);
  audit(req, { target_label: app.name });
  return ok(app);
};
