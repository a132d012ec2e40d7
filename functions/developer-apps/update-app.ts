import { AppIdParams, QuickAppUpdateSchema } from '@shared/schemas/apps';
import { audit } from '../http/audit';
import { type DeveloperHandler, ok } from '../http/types';
import { parse } from '../http/validate';
import { developerApps } from '../wiring/developer-apps';

/**
 * PUT /api/apps/{id}: the quick form in edit mode. The type cannot change (400 'App type cannot be
 * changed'); optional fields left out of the body keep their value. Audited with what changed.
 */
export const updateApp: DeveloperHandler = async (req) => {
  const { id } = parse(AppIdParams, req.params);
  const payload = parse(QuickAppUpdateSchema, req.body);
  const body = (req.body ?? {}) as Record<string, unknown>;
  const app = await developerApps.quickUpdate(req.auth.userId, id, payload, new Set(Object.keys(body)), (c) =>
    audit(req, { target_label: c.label, before: c.before, after: c.after }),
  );
  return ok(app);
};
