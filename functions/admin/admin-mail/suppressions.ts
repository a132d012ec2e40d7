import { LiftSuppressionRequest, SUPPRESSION_LIFTED, SuppressionListQuery } from '@shared/schemas/mail';
import { nextPageHeaders } from '../../http/paged-array';
import { type AdminHandler, ok } from '../../http/types';
import { parse } from '../../http/validate';
import { suppressionList } from '../../wiring/mail-suppressions';

/**
 * GET /api/admin/mail-suppressions?limit=50&cursor=: addresses that bounced permanently or
 * complained, newest first; a plain array, one page of it (`X-Next-Cursor`, `Link: rel="next"`).
 */
export const listMailSuppressions: AdminHandler = async (req) => {
  const { limit, cursor } = parse(SuppressionListQuery, req.query);
  const page = await suppressionList.list(limit, cursor);
  return ok(page.items, nextPageHeaders(req, page.next_cursor, { limit }));
};

/** POST /api/admin/mail-suppressions/lift {email}: the address receives mail again (its owner fixed it). */
export const liftMailSuppression: AdminHandler = async (req) => {
  const { email } = parse(LiftSuppressionRequest, req.body);
  await suppressionList.lift(email, req.auth.userId);
  return ok({ message: SUPPRESSION_LIFTED });
};
