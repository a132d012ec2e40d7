/**
 * The permissions an app requests (from its declaration) and how a grant compares with them.
 *
 * `requestedPermissions` is the one place that reads what an app asks practices to consent to:
 * every install, the checkout's consent and the event routing go through it (today the live
 * declaration; an admin-reviewed snapshot can replace it here alone).
 *
 * A feature's access is a set of read/write: `read_write` covers `read` and `write`. What an app may
 * use is what was granted AND what it declares now (less access takes effect at once); it asks for
 * more when it declares anything not granted (a new event type or feature, or write where read).
 */

import type { Permissions } from '@shared/schemas/installs';
import type { AccessMode, PermissionsDeclaration } from '@shared/schemas/permissions';

export type { Permissions };

/** What an app declares now: its permissions and the declaration's version; null without a declaration. */
export interface Requested {
  permissions: Permissions;
  version: string;
}

export interface DeclarationSource {
  get(appId: string): Promise<PermissionsDeclaration | undefined>;
}

export const NO_PERMISSIONS: Permissions = { event_types: [], features: [] };

export function permissionsOf(declaration: PermissionsDeclaration): Permissions {
  return {
    event_types: [...new Set(declaration.event_types.map((e) => e.id))].sort(),
    features: declaration.features
      .map((f) => ({ id: f.id, access: f.access }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  };
}

/** THE reader of what an app requests (see the header). */
export async function requestedPermissions(source: DeclarationSource, appId: string): Promise<Requested | null> {
  const declaration = await source.get(appId);
  return declaration ? { permissions: permissionsOf(declaration), version: declaration.updated_at } : null;
}

type Bits = { read: boolean; write: boolean };
const bits = (m: AccessMode): Bits => ({ read: m !== 'write', write: m !== 'read' });
const mode = (b: Bits): AccessMode | null =>
  b.read && b.write ? 'read_write' : b.read ? 'read' : b.write ? 'write' : null;

/** What both allow: the grant cut down to what the app declares now. */
export function intersect(granted: Permissions, declared: Permissions): Permissions {
  const events = new Set(declared.event_types);
  const byId = new Map(declared.features.map((f) => [f.id, bits(f.access)] as const));
  return {
    event_types: granted.event_types.filter((e) => events.has(e)),
    features: granted.features.flatMap((f) => {
      const d = byId.get(f.id);
      if (!d) return [];
      const g = bits(f.access);
      const m = mode({ read: g.read && d.read, write: g.write && d.write });
      return m ? [{ id: f.id, access: m }] : [];
    }),
  };
}

/** Whether `declared` asks for anything `granted` does not give. */
export function asksForMore(granted: Permissions, declared: Permissions): boolean {
  const events = new Set(granted.event_types);
  if (declared.event_types.some((e) => !events.has(e))) return true;
  const byId = new Map(granted.features.map((f) => [f.id, bits(f.access)] as const));
  return declared.features.some((f) => {
    const g = byId.get(f.id);
    const d = bits(f.access);
    return !g || (d.read && !g.read) || (d.write && !g.write);
  });
}
