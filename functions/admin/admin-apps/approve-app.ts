import { MSG } from '@shared/messages';
import { AppIdParams } from '@shared/schemas/apps';
import { audit } from '../../http/audit';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { adminApps } from '../../wiring/admin-apps';

/** POST /api/admin/apps/{id}/approve: publishes the app (409 'App is already approved'); mails the developer. */
export const approveApp: AdminHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const { app, before } = await adminApps.approve(id);
  // The state before as stored: approving a suspended app records is_suspended true -> false.
  audit(req, {
    target_label: app.name,
    before,
    after: { is_approved: app.is_approved, is_suspended: app.is_suspended, suspension_reason: null },
  });
  return ok({ message: MSG.appApproved, app });
};
