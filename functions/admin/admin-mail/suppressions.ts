import { LiftSuppressionRequest, SUPPRESSION_LIFTED } from '../../../shared/schemas/mail';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { suppressionList } from '../../wiring/mail-suppressions';

/** GET /api/admin/mail-suppressions: addresses that bounced permanently or complained, newest first. */
export const listMailSuppressions: AdminHandler = async () => ok(await suppressionList.list());

/** POST /api/admin/mail-suppressions/lift {email}: the address receives mail again (its owner fixed it). */
export const liftMailSuppression: AdminHandler = async (req) => {
  const { email } = parse(LiftSuppressionRequest, req.body);
  await suppressionList.lift(email, req.auth.userId);
  return ok({ message: SUPPRESSION_LIFTED });
};
