/**
 * Issue #11, item 3: an access token issued before a password reset (or an admin's password
 * change) kept working for its full lifetime.
 */
import { describe, expect, it } from 'vitest';
import { linkTokens, registerDeveloper, signIn } from './support/accounts';
import { callFrom, newClient, ownServer } from './support/own-server';

const server = ownServer();

describe('tokens issued before a password change (item 3)', () => {
  it('a token issued before a reset gets 401 after it', async () => {
    const owner = await registerDeveloper(server.url);
    const stolen = (await signIn(server.url, owner.email, owner.password)).body.access_token as string;
    expect((await callFrom(server.url, newClient(), 'GET', '/api/user/profile', { token: stolen })).status).toBe(200);

    await callFrom(server.url, newClient(), 'POST', '/api/forgot-password', { body: { email: owner.email } });
    const [token] = await linkTokens(owner.email, 'reset-password');
    const reset = await callFrom(server.url, newClient(), 'POST', '/api/reset-password', {
      body: { token, password: 'after-reset-pass' },
    });
    expect(reset.status).toBe(200);

    const old = await callFrom(server.url, newClient(), 'GET', '/api/user/profile', { token: stolen });
    expect(old.status).toBe(401);
    const fresh = (await signIn(server.url, owner.email, 'after-reset-pass')).body.access_token as string;
    expect((await callFrom(server.url, newClient(), 'GET', '/api/user/profile', { token: fresh })).status).toBe(200);
  });
});
