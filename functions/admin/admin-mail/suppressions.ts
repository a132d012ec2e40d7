import { LiftSuppressionRequest, SUPPRESSION_LIFTED, SUPPRESSION_NOT_FOUND } from '../../../shared/schemas/mail';
import { dynamoSuppressionStore } from '../../adapters/dynamodb/suppression-repo';
import { NotFoundError } from '../../core/errors';
import { logger } from '../../http/logger';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';

/** GET /api/admin/mail-suppressions: addresses that bounced permanently or complained, newest first. */
export const listMailSuppressions: AdminHandler = async () => ok(await dynamoSuppressionStore.list());

/** POST /api/admin/mail-suppressions/lift {email}: the address receives mail again (its owner fixed it). */
export const liftMailSuppression: AdminHandler = async (req) => {
  const { email } = parse(LiftSuppressionRequest, req.body);
  if (!(await dynamoSuppressionStore.lift(email))) throw new NotFoundError(SUPPRESSION_NOT_FOUND);
  logger.info('mail suppression lifted by an admin', { admin_id: req.auth.userId });
  return ok({ message: SUPPRESSION_LIFTED });
};
