import { MSG } from '@shared/messages';
import { AppIdParams, SuspendAppSchema } from '@shared/schemas/apps';
import { audit } from '../../http/audit';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { adminApps } from '../../wiring/admin-apps';

/**
 * POST /api/admin/apps/{id}/suspend [{reason}]: takes the app off the marketplace (409 'App is not
 * approved'); mails the developer, with the reason when one is given.
 */
export const suspendApp: AdminHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const { reason } = parse(SuspendAppSchema, req.body);
  const { app, before } = await adminApps.suspend(id, reason);
  audit(req, {
    target_label: app.name,
    before,
    after: { is_approved: app.is_approved, is_suspended: app.is_suspended, suspension_reason: reason?.trim() || null },
  });
  return ok({ message: MSG.appSuspended, app });
};
