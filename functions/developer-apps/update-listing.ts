import { AppIdParams, AppSubmitSchema } from '@shared/schemas/apps';
import { audit } from '../http/audit';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { developerApps } from '../wiring/developer-apps';

/**
 * PUT /api/apps/{id}/update: the wizard in edit mode; type, approval and slug are kept. Audited
 * with what changed (the licence webhook URL and universal code included), as read from the store.
 */
export const updateListing: DeveloperHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const app = await developerApps.updateListing(req.auth.userId, id, parse(AppSubmitSchema, req.body), (c) =>
    audit(req, { target_label: c.label, before: c.before, after: c.after }),
  );
  return ok(app);
};
