import { InstallIdParam, InstallLinkRequest, InstallLinkRevokeRequest } from '@shared/schemas/installs';
import { type BuyerHandler, ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { installsService } from '../wiring/installs';

/** GET /api/installs: the signed-in buyer's installs (one per app it licensed) with what each grants. */
export const listInstalls: BuyerHandler = async (req) =>
  ok({ installs: await installsService.forBuyer(req.auth.userId) });

/** POST /api/installs/{id}/grant: the buyer grants everything the app requests now. */
export const grantInstall: BuyerHandler = async (req) => {
  const { id } = parse(InstallIdParam, req.params);
  return ok(await installsService.grant(req.auth.userId, id));
};

/** POST /api/installs/{id}/revoke: the buyer takes the app's access back (the licence stays). */
export const revokeInstall: BuyerHandler = async (req) => {
  const { id } = parse(InstallIdParam, req.params);
  return ok(await installsService.revoke(req.auth.userId, id));
};

/** POST /api/install-link {token}: the install the licence mail's access link opens (no sign-in). */
export const installByLink: RouteHandler = async (req) => {
  const { token } = parse(InstallLinkRequest, req.body);
  return ok(await installsService.byLink(token), { 'cache-control': 'no-store' });
};

/** POST /api/install-link/revoke {token, install_id}: revokes that one install; the token authorises nothing else. */
export const revokeInstallByLink: RouteHandler = async (req) => {
  const { token, install_id } = parse(InstallLinkRevokeRequest, req.body);
  return ok(await installsService.revokeByLink(token, install_id), { 'cache-control': 'no-store' });
};
