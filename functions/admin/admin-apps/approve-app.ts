import { MSG } from '@shared/messages';
import { AppIdParams } from '@shared/schemas/apps';
import { audit } from '../../http/audit';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { adminApps } from '../../wiring/admin-apps';

/** POST /api/admin/apps/{id}/approve: publishes the app (409 'App is already approved'); mails the developer. */
export const approveApp: AdminHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const app = await adminApps.approve(id);
  audit(req, {
    target_label: app.name,
    before: { is_approved: false },
    after: { is_approved: app.is_approved, is_suspended: app.is_suspended },
  });
  return ok({ message: MSG.appApproved, app });
};
