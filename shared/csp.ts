/**
 * The Content-Security-Policy of the SPA, one definition for CloudFront (lib/site.ts, a response
 * headers policy) and the local server (bin/local-server.ts), so the browser tests run under the
 * policy the cloud sends.
 *
 * - script-src 'self' plus Google's sign-in client only: no inline script, no eval (index.html
 *   has none; Vite emits module scripts from /assets).
 * - style-src 'unsafe-inline': Chakra UI (emotion) inserts <style> elements at runtime; styles
 *   cannot run code. Google's sign-in button brings its stylesheet.
 * - connect-src: the API (same origin), the uploads bucket the browser posts images to, Google.
 * - frame-src: Google's sign-in iframe. Stripe Checkout is a full-page redirect (no frame, no script).
 * - frame-ancestors 'none', object-src 'none', base-uri 'self', form-action 'self'.
 */
export const GOOGLE_SIGN_IN = 'https://accounts.google.com/gsi/';

export function contentSecurityPolicy(options: { uploadOrigin: string }): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${GOOGLE_SIGN_IN}client`,
    `style-src 'self' 'unsafe-inline' ${GOOGLE_SIGN_IN}style`,
    // Listings may point their icon and screenshots at the developer's own https host (the schemas
    // allow any https URL), so images may come from any https origin; nothing else does.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${options.uploadOrigin} ${GOOGLE_SIGN_IN}`,
    `frame-src ${GOOGLE_SIGN_IN}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** Uploaded images: nothing but the image itself renders (an SVG cannot run script). */
export const UPLOADS_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";
