/**
 * Manual licences: purchases of a `manual` app, and of a `webhook` app whose
 * endpoint failed, wait in license_status manual_pending until the developer (or an admin) records
 * the access details or licence key they sent. Routes:
 *   GET  /api/manual-licences                      the caller's apps' pending manual licences, paged
 *   POST /api/manual-licences/{id}/complete        complete one (owner only)
 *   GET  /api/admin/manual-licences                every pending one, with the overdue count
 *   POST /api/admin/purchases/{id}/complete-licence complete one as admin
 */
import * as z from 'zod';
import { cursorPage, cursorPageQuery } from './paging';

/** The developer is reminded once when a manual licence has waited this long. */
export const MANUAL_REMINDER_HOURS = 12;
/** The spec promises access details "within 24 hours": past this a pending licence is overdue. */
export const MANUAL_OVERDUE_HOURS = 24;

export const MANUAL_LICENCE_NOT_FOUND = 'Pending licence not found';
export const MANUAL_LICENCE_DONE = 'This licence has already been completed';
export const MANUAL_DETAILS_REQUIRED = 'Enter the access details or a license key';
export const MANUAL_LICENCE_COMPLETED = 'License completed: the buyer has been emailed';
export const MANUAL_KEY_MAX = 1000;
export const MANUAL_DETAILS_MAX = 5000;

export const ManualLicenceSchema = z.object({
  purchase_id: z.string(),
  app_id: z.string(),
  app_name: z.string(),
  buyer_email: z.string(),
  buyer_name: z.string().nullable(),
  /** ISO 8601: when the licence started waiting (the purchase completed). */
  pending_since: z.string(),
  /** Waited longer than MANUAL_OVERDUE_HOURS. */
  overdue: z.boolean(),
});
export type ManualLicence = z.infer<typeof ManualLicenceSchema>;

/** GET /api/manual-licences?limit=&cursor=: one page of the developer's pending licences, oldest first. */
export const MANUAL_DEVELOPER_LIST_DEFAULT = 50;
export const MANUAL_DEVELOPER_LIST_MAX = 100;
export const ManualLicenceListQuery = cursorPageQuery(MANUAL_DEVELOPER_LIST_MAX, MANUAL_DEVELOPER_LIST_DEFAULT);

export const ManualLicenceListSchema = cursorPage({
  /** One page of the pending manual licences of the caller's apps, oldest first. */
  licences: z.array(ManualLicenceSchema),
});
export type ManualLicenceList = z.infer<typeof ManualLicenceListSchema>;

/** The admin list's counts stop here (a keys-only read of at most this many index entries each). */
export const MANUAL_COUNT_CAP = 1000;
export const MANUAL_LIST_DEFAULT = 100;
export const MANUAL_LIST_MAX = 500;

/** GET /api/admin/manual-licences?limit=&cursor=: one page, oldest first. */
export const AdminManualLicenceListQuery = cursorPageQuery(MANUAL_LIST_MAX, MANUAL_LIST_DEFAULT);

export const AdminManualLicenceListSchema = cursorPage({
  /** One page of the pending manual licences, oldest first. */
  licences: z.array(ManualLicenceSchema),
  /** How many have waited longer than MANUAL_OVERDUE_HOURS (counted up to MANUAL_COUNT_CAP). */
  overdue_count: z.number().int(),
  /** How many are pending in all (counted up to MANUAL_COUNT_CAP). */
  pending_count: z.number().int(),
  overdue_hours: z.number().int(),
});
export type AdminManualLicenceList = z.infer<typeof AdminManualLicenceListSchema>;
export type AdminManualLicencePage = AdminManualLicenceList;

const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** POST .../complete: the access details sent to the buyer, a licence key, or both. */
export const CompleteManualLicenceRequest = z
  .object({
    license_key: optionalText(MANUAL_KEY_MAX, 'license_key'),
    access_details: optionalText(MANUAL_DETAILS_MAX, 'access_details'),
  })
  .refine((v) => v.license_key !== undefined || v.access_details !== undefined, {
    message: MANUAL_DETAILS_REQUIRED,
  });
export type CompleteManualLicenceInput = z.infer<typeof CompleteManualLicenceRequest>;

export const CompleteManualLicenceResponse = z.object({
  message: z.string(),
  purchase_id: z.string(),
  /** 'assigned' with a licence key, 'active' with access details only. */
  license_status: z.enum(['assigned', 'active']),
  license_key: z.string().nullable(),
});
export type CompleteManualLicenceResult = z.infer<typeof CompleteManualLicenceResponse>;
