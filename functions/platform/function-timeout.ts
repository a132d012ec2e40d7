/**
 * The functions' default timeout in seconds: pure data, shared by the stack that sets it
 * (lib/function-defaults.ts FUNCTION_DEFAULTS.timeout) and the code that must finish within it
 * (the Stripe client's budget, functions/adapters/stripe.ts), whose tests do not load lib/.
 */
export const FUNCTION_TIMEOUT_SECONDS = 15;
