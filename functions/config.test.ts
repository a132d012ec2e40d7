import { afterEach, describe, expect, it } from 'vitest';
import { getConfig, resetConfigForTests } from './config';

// The English messages are zod's, word for word (config.ts no longer uses zod: these hold
// that its own checks say the same).
const saved = { ...process.env };
const LOCAL = { RUNTIME: 'local', JWT_SECRET: 'x'.repeat(32), STRIPE_WEBHOOK_SECRET: 'whsec_test' };

function configWith(env: Record<string, string>) {
  for (const key of Object.keys(process.env)) delete process.env[key];
  Object.assign(process.env, LOCAL, env);
  resetConfigForTests();
  return getConfig();
}

afterEach(() => {
  for (const key of Object.keys(process.env)) delete process.env[key];
  Object.assign(process.env, saved);
  resetConfigForTests();
});

describe('getConfig', () => {
  it('reads numbers, switches and defaults from the environment', () => {
    const cfg = configWith({ LOGIN_MAX_FAILURES: ' 7 ', ALLOW_INTERNAL_WEBHOOK_TARGETS: '0', LOG_LEVEL: 'warn' });
    expect(cfg.LOGIN_MAX_FAILURES).toBe(7);
    expect(cfg.ALLOW_INTERNAL_WEBHOOK_TARGETS).toBe(false);
    expect(cfg.LOG_LEVEL).toBe('warn');
    expect(cfg.SCRYPT_LOG2_N).toBe(17);
    expect(cfg.APP_URL).toBe('http://localhost:3000');
    expect(cfg.AWS_MAX_ATTEMPTS).toBe(3);
  });

  it("reads APP_URL without trailing slashes, so links appended with '/' never hold '//'", () => {
    expect(configWith({ APP_URL: 'https://apps.example.com/' }).APP_URL).toBe('https://apps.example.com');
    expect(configWith({ APP_URL: ' https://apps.example.com/market// ' }).APP_URL).toBe(
      'https://apps.example.com/market',
    );
  });

  it.each([
    [{ LOGIN_MAX_FAILURES: '2.5' }, 'LOGIN_MAX_FAILURES: Invalid input: expected int, received number'],
    [{ LOGIN_MAX_FAILURES: 'abc' }, 'LOGIN_MAX_FAILURES: Invalid input: expected number, received NaN'],
    [{ LOGIN_MAX_FAILURES: '0' }, 'LOGIN_MAX_FAILURES: Too small: expected number to be >0'],
    [{ JWT_KID: 'k'.repeat(65) }, 'JWT_KID: Too big: expected string to have <=64 characters'],
    [
      { ALLOW_INTERNAL_WEBHOOK_TARGETS: 'yes' },
      'ALLOW_INTERNAL_WEBHOOK_TARGETS: Invalid option: expected one of "0"|"1"|"true"|"false"|""',
    ],
    [{ AWS_CONNECT_TIMEOUT_MS: '20000' }, 'AWS_CONNECT_TIMEOUT_MS: Too big: expected number to be <=10000'],
    [{ SCRYPT_LOG2_N: '13' }, 'SCRYPT_LOG2_N: Too small: expected number to be >=14'],
    [{ APP_URL: 'not a url' }, 'APP_URL: Invalid URL'],
    [{ MAIL_FROM: 'nope' }, 'MAIL_FROM: Invalid email address'],
    [{ RUNTIME: 'bogus' }, 'RUNTIME: Invalid option: expected one of "local"|"aws"'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET: JWT_SECRET must be at least 32 characters'],
    [
      { WEBHOOK_RETRY_SCHEDULE: 'a,b' },
      'WEBHOOK_RETRY_SCHEDULE: WEBHOOK_RETRY_SCHEDULE must be comma-separated seconds',
    ],
    [
      { STRIPE_SECRET_KEY: 'sk_test', STRIPE_WEBHOOK_SECRET: '' },
      'STRIPE_WEBHOOK_SECRET: STRIPE_WEBHOOK_SECRET is required',
    ],
    [
      { HOST: '0.0.0.0', ALLOW_INTERNAL_WEBHOOK_TARGETS: 'true' },
      'ALLOW_INTERNAL_WEBHOOK_TARGETS: internal webhook targets',
    ],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(() => configWith(env)).toThrow(`Configuration error in ${message}`);
  });
});
