import { MSG } from '@shared/messages';
import { AppIdParams } from '@shared/schemas/apps';
import { audit } from '../../http/audit';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { adminApps } from '../../wiring/admin-apps';

/** DELETE /api/admin/apps/{id}/delete: removes the app for good; purchases stay with their buyers. */
export const deleteAppAsAdmin: AdminHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const removed = await adminApps.remove(id);
  audit(req, { target_label: removed.name, before: { exists: true }, after: { exists: false } });
  return ok({ message: MSG.appDeleted });
};
