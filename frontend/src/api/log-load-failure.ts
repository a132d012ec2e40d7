import { ApiError } from '../lib/api-client';

/**
 * Failed marketplace, category or profile loads are only logged; the screen shows its empty
 * state (docs/spec.md section 8). A 404 is an answer, not a failure, so it is not logged.
 */
export const logLoadFailure =
  (what: string) =>
  (err: unknown): void => {
    if (err instanceof ApiError && err.status === 404) return;
    console.error(`Failed to load ${what}`, err);
  };
