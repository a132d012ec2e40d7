import {
  DATA_ACCESS_MODES,
  type DataAccessDeclaration,
  type DataAccessInput,
  DataAccessInputSchema,
  type DataAccessMode,
} from '../../../../../shared/schemas/data-access';

export type DataAccessChoice = DataAccessMode | 'none';

/** A data access declaration as the wizard's inputs hold it, before it is sent. */
export interface DataAccessDraft {
  /** Feature id -> access ('none' or absent: not declared). */
  modes: Record<string, DataAccessChoice>;
  event_types: string[];
  baa_signed: boolean;
  baa_url: string;
}

export const emptyDraft = (): DataAccessDraft => ({ modes: {}, event_types: [], baa_signed: false, baa_url: '' });

export const draftFromDeclaration = (decl: DataAccessDeclaration | null | undefined): DataAccessDraft =>
  decl
    ? {
        modes: Object.fromEntries(decl.features.map((f) => [f.id, f.access])),
        event_types: decl.event_types.map((e) => e.id),
        baa_signed: decl.baa_signed,
        baa_url: decl.baa_url ?? '',
      }
    : emptyDraft();

const isMode = (m: string): m is DataAccessMode => (DATA_ACCESS_MODES as readonly string[]).includes(m);

/** The body of PUT /api/apps/{id}/data-access. */
export const inputFromDraft = (d: DataAccessDraft): DataAccessInput => ({
  features: Object.entries(d.modes).flatMap(([id, access]) => (isMode(access) ? [{ id, access }] : [])),
  event_types: [...d.event_types],
  baa_signed: d.baa_signed,
  baa_url: d.baa_url.trim() || null,
});

/** The server's own rule (BAA link required and https when signed, ...): its first message, if any. */
export function draftError(d: DataAccessDraft): string | undefined {
  const result = DataAccessInputSchema.safeParse(inputFromDraft(d));
  return result.success ? undefined : result.error.issues[0]?.message;
}
