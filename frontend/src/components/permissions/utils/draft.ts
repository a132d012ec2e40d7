import {
  ACCESS_MODES,
  type AccessMode,
  type PermissionsDeclaration,
  type PermissionsInput,
  PermissionsInputSchema,
} from '@shared/schemas/permissions';

export type PermissionChoice = AccessMode | 'none';

/** A permissions declaration as the wizard's inputs hold it, before it is sent. */
export interface PermissionsDraft {
  /** Feature id -> access ('none' or absent: not declared). */
  modes: Record<string, PermissionChoice>;
  event_types: string[];
  baa_signed: boolean;
  baa_url: string;
}

export const emptyDraft = (): PermissionsDraft => ({ modes: {}, event_types: [], baa_signed: false, baa_url: '' });

export const draftFromDeclaration = (decl: PermissionsDeclaration | null | undefined): PermissionsDraft =>
  decl
    ? {
        modes: Object.fromEntries(decl.features.map((f) => [f.id, f.access])),
        event_types: decl.event_types.map((e) => e.id),
        baa_signed: decl.baa_signed,
        baa_url: decl.baa_url ?? '',
      }
    : emptyDraft();

const isMode = (m: string): m is AccessMode => (ACCESS_MODES as readonly string[]).includes(m);

/** The body of PUT /api/apps/{id}/data-access. */
export const inputFromDraft = (d: PermissionsDraft): PermissionsInput => ({
  features: Object.entries(d.modes).flatMap(([id, access]) => (isMode(access) ? [{ id, access }] : [])),
  event_types: [...d.event_types],
  baa_signed: d.baa_signed,
  baa_url: d.baa_url.trim() || null,
});

/** The server's own rule (BAA link required and https when signed, ...): its first message, if any. */
export function draftError(d: PermissionsDraft): string | undefined {
  const result = PermissionsInputSchema.safeParse(inputFromDraft(d));
  return result.success ? undefined : result.error.issues[0]?.message;
}
