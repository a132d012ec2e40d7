export const TEST_ADMIN = { email: 'admin@dentalmarket.test', password: 'AdminPass123!' } as const;

/**
 * How long a test waits for work the stack does after answering (a mail, a licence, a webhook).
 * Usually well under a second; on two loaded cores one attempt can miss its 2 s AWS SDK timeout,
 * and the product then retries: a mail after 30 s (functions/adapters/mailer.ts), a fulfilment
 * message after 5 s. The wait covers one such retry, so a test fails only when the work is lost.
 */
export const BACKGROUND_WAIT_MS = 45_000;
/** The test timeout of a test that waits on background work (BACKGROUND_WAIT_MS) and more. */
export const BACKGROUND_TEST_TIMEOUT_MS = 90_000;
