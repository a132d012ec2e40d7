/**
 * An access token issued before a password reset (or an admin's password
 * change) kept working for its full lifetime.
 */

import { MSG } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { secondAdmin } from '../support/admins';
import { linkTokens, registerDeveloper, signIn, uniqueAddress } from './support/accounts';
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

  it("an admin's earlier sessions get 401 once the admin changes the password; other edits keep them", async () => {
    // A second admin of its own, so the shared test admin's sessions are left alone.
    const email = uniqueAddress('admin');
    await secondAdmin(email, 'first-admin-pass');
    const adminLogin = async (password: string) =>
      (await callFrom(server.url, newClient(), 'POST', '/api/admin-login', { body: { email, password } })).body
        .access_token as string;
    const stolen = await adminLogin('first-admin-pass');
    const desk = await adminLogin('first-admin-pass');
    const profile = (token: string) => callFrom(server.url, newClient(), 'GET', '/api/admin/profile', { token });
    const update = (body: Record<string, string>) =>
      callFrom(server.url, newClient(), 'PUT', '/api/admin/profile', { token: desk, body });

    // A change of name alone ends no session.
    expect((await update({ full_name: 'Second Admin Renamed', email })).status).toBe(200);
    expect((await profile(stolen)).status).toBe(200);

    expect((await update({ full_name: 'Second Admin', email, password: 'second-admin-pass' })).status).toBe(200);
    const old = await profile(stolen);
    expect(old.status).toBe(401);
    expect(old.body.detail).toBe(MSG.sessionEnded);
    expect((await profile(desk)).status).toBe(401);
    expect((await profile(await adminLogin('second-admin-pass'))).status).toBe(200);
  });
});
