/**
 * The 409 past LIMITS.maxAppsPerDeveloper. A module of its own: the app repository's error does
 * not pull every message into the storefront function, and the visitor's download (which carries
 * shared/constants.ts) does not carry a text only developers see.
 */
export const APP_LIMIT_DETAIL = 'You can have at most 100 apps. Delete an app you no longer need to create another.';
