import type { APIGatewayRequestAuthorizerEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { envForTests } from '../testing/env';
import { handler } from './origin-authorizer';
import { ORIGIN_VERIFY_HEADER } from './origin-verify';

const CURRENT = 'current-origin-value-current-origin-0123';
const PREVIOUS = 'previous-origin-value-previous-origin-45';
const VARS = [
  'RUNTIME',
  'SCRYPT_LOG2_N',
  'ORIGIN_VERIFY_SECRET',
  'ORIGIN_VERIFY_PREVIOUS_SECRET',
  'ORIGIN_SECRET_ARN',
  'JWT_SECRET',
  'LOG_LEVEL',
] as const;
const setEnv = envForTests(VARS);

const authorize = async (headers: Record<string, string>) =>
  handler(
    { type: 'REQUEST', routeKey: 'GET /api/categories', headers } as unknown as APIGatewayRequestAuthorizerEventV2,
    {} as Context,
    () => {},
  );

describe('the API authorizer on the origin header', () => {
  it("admits CloudFront's value (and the previous one while a rotation overlaps), refuses anything else", async () => {
    setEnv({
      RUNTIME: 'aws',
      LOG_LEVEL: 'silent',
      ORIGIN_VERIFY_SECRET: CURRENT,
      ORIGIN_VERIFY_PREVIOUS_SECRET: PREVIOUS,
    });
    expect(await authorize({ [ORIGIN_VERIFY_HEADER]: CURRENT })).toEqual({ isAuthorized: true });
    expect(await authorize({ 'X-Origin-Verify': CURRENT })).toEqual({ isAuthorized: true });
    expect(await authorize({ [ORIGIN_VERIFY_HEADER]: PREVIOUS })).toEqual({ isAuthorized: true });
    expect(await authorize({ [ORIGIN_VERIFY_HEADER]: 'x'.repeat(40) })).toEqual({ isAuthorized: false });
    expect(await authorize({})).toEqual({ isAuthorized: false });
    // After the rotation dropped the previous value.
    setEnv({ RUNTIME: 'aws', LOG_LEVEL: 'silent', ORIGIN_VERIFY_SECRET: CURRENT });
    expect(await authorize({ [ORIGIN_VERIFY_HEADER]: PREVIOUS })).toEqual({ isAuthorized: false });
  });

  it('admits nothing when no origin value is configured', async () => {
    setEnv({ RUNTIME: 'aws', LOG_LEVEL: 'silent' });
    expect(await authorize({ [ORIGIN_VERIFY_HEADER]: CURRENT })).toEqual({ isAuthorized: false });
  });
});
