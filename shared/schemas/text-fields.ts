import * as z from 'zod';

/**
 * Text fields of request bodies, with the messages every form shows: "<label> is required",
 * "<label> must be text", "<label> must be at most <max> characters". Values are trimmed.
 */

/** null and blank strings count as "not given". */
export const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * An identifier a client sends back (a path's id, a mailed link's token): blank, too long or not
 * text all get the one message, such as "Webhook not found" or "This link is invalid".
 */
export const idText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

/** Optional: null or blank becomes undefined. */
export const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .optional(),
  );
