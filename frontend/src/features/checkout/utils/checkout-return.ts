/**
 * Session-storage key naming the app whose checkout was interrupted by an expired session
 * ({app_id, slug}); the app page clears it once the resumed checkout closes.
 */
export const CHECKOUT_APP_KEY = 'checkout_app';

/** Where 'Login →' and an expired session send the buyer: login, then back to the app with the modal open. */
export const checkoutReturnPath = (appPath: string): string => `${appPath}?checkout=true`;
