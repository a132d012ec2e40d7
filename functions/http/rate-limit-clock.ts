/**
 * The clock of the rate limits (epoch ms): the login throttle and per-client limits
 * (client-limits.ts) and the fixed-window counters (e.g. test events a minute per app). The
 * system's, or a fake one that a test sets for the local server running in its own worker
 * (test/security), so minute and hour windows are tested by moving the clock instead of waiting
 * for real time. Read at every check. No imports: every function that limits carries it.
 */
let clock: () => number = Date.now;

export const rateLimitNowMs = (): number => clock();

/** Tests only: the rate limits' clock from now on (the system clock again without an argument). */
export function setRateLimitClockForTests(fake?: () => number): void {
  clock = fake ?? Date.now;
}
