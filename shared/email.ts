/**
 * Trimmed and lower-cased: the one spelling of an address the server stores and compares (accounts,
 * guest buyers, suppression, the mail caps). In a module of its own, without zod, so the small
 * workers that compare addresses do not carry the schemas.
 */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();
