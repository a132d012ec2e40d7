import { AppIdParams } from '@shared/schemas/apps';
import { PermissionsInputSchema } from '@shared/schemas/permissions';
import { audit } from '../http/audit';
import { type ApiRequest, type DeveloperHandler, type OwnerOrAdminHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { appPermissions } from '../wiring/permissions';

/** The app, if the caller owns it or is an admin; otherwise 'App not found' (no existence leak). */
async function ownOrAdmin(req: ApiRequest<'owner_or_admin'>) {
  const { id } = parse(AppIdParams, req.params);
  return appPermissions.visibleApp(req.auth, id);
}

/** GET /api/data-access/catalogue: the features and event types a developer can declare. */
export const getPermissionsCatalogue: DeveloperHandler = async () => ok(await appPermissions.catalogue());

/** GET /api/apps/{id}/data-access: the owner's or an admin's (review) view of an app's declaration. */
export const getAppPermissions: OwnerOrAdminHandler = async (req) => {
  const app = await ownOrAdmin(req);
  return ok(await appPermissions.view(app.id));
};

/** PUT /api/apps/{id}/data-access: the owner declares (replaces) what the app reads, writes and subscribes to. */
export const putAppPermissions: DeveloperHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const app = await appPermissions.ownApp(req.auth.userId, id);
  const input = parse(PermissionsInputSchema, req.body);
  const { before, after } = await appPermissions.declare(app, input);
  const summary = (d: typeof before) =>
    d && {
      features: d.features.map((f) => `${f.id}:${f.access}`),
      event_types: d.event_types.map((e) => e.id),
      baa_signed: d.baa_signed,
      baa_url: d.baa_url,
    };
  audit(req, { target_label: app.name, before: summary(before), after: summary(after) });
  return ok({ catalogue_synced: true, declaration: after });
};
