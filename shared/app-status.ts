/**
 * One status for an app, used by the server (GET /api/apps `status`), the developer's My Apps and
 * the admin's App Management, so an app reads the same everywhere (docs/spec.md section 4):
 *
 * - Suspended: an admin suspended it (off the marketplace until approved again), any type.
 * - Pending Review: not approved yet.
 * - Published: an approved public app (listed on the marketplace).
 * - Active: an approved internal or partner app.
 */
export const APP_STATUSES = ['Pending Review', 'Published', 'Active', 'Suspended'] as const;
export type AppStatus = (typeof APP_STATUSES)[number];

/** The badge colour (a Chakra colour palette) of each status. */
export const APP_STATUS_PALETTE: Record<AppStatus, 'orange' | 'green' | 'red'> = {
  'Pending Review': 'orange',
  Published: 'green',
  Active: 'green',
  Suspended: 'red',
};

export interface AppStatusInput {
  type?: string | null;
  is_approved?: boolean | null;
  is_suspended?: boolean | null;
}

export function appStatusOf(app: AppStatusInput): AppStatus {
  if (app.is_suspended === true) return 'Suspended';
  if (app.is_approved !== true) return 'Pending Review';
  return app.type === 'public' ? 'Published' : 'Active';
}
