/**
 * After the newer of two reset links was used, the older one reset the password
 * again; and forgot-password had no throttle (25 calls sent 25 mails).
 */

import { MSG } from '@shared/messages';
import { describe, expect, it } from 'vitest';
import { mailsTo } from '../support/api';
import { linkTokens, registerDeveloper, signIn, uniqueAddress } from './support/accounts';
import { callFrom, newClient, ownServer } from './support/own-server';

const server = ownServer();

describe('password-reset links (item 4)', () => {
  it('an older link is refused after a newer one was used', async () => {
    const owner = await registerDeveloper(server.url);
    for (let i = 0; i < 2; i++) {
      await callFrom(server.url, newClient(), 'POST', '/api/forgot-password', { body: { email: owner.email } });
    }
    const [older, newer] = await linkTokens(owner.email, 'reset-password');
    expect(older && newer).toBeTruthy();
    const first = await callFrom(server.url, newClient(), 'POST', '/api/reset-password', {
      body: { token: newer, password: 'owners-choice-1' },
    });
    expect(first.status).toBe(200);
    const replay = await callFrom(server.url, newClient(), 'POST', '/api/reset-password', {
      body: { token: older, password: 'attackers-choice' },
    });
    expect(replay.status).toBe(400);
    expect((await signIn(server.url, owner.email, 'owners-choice-1')).status).toBe(200);
    expect((await signIn(server.url, owner.email, 'attackers-choice')).status).toBe(401);
  });

  it('25 requests for one address send a bounded number of mails, with the same answer', async () => {
    const owner = await registerDeveloper(server.url);
    const answers = [];
    // From five clients, so the per-client limit alone cannot be what bounds the mails.
    const clients = Array.from({ length: 5 }, () => newClient());
    for (let i = 0; i < 25; i++) {
      answers.push(
        await callFrom(server.url, clients[i % 5] as string, 'POST', '/api/forgot-password', {
          body: { email: owner.email },
        }),
      );
    }
    const mails = (await mailsTo(owner.email)).filter((m) => m.text?.includes('/reset-password?token='));
    console.info(`item 4: 25 forgot-password calls for one address -> ${mails.length} mails`);
    expect(mails.length).toBeLessThanOrEqual(3);
    expect(answers.every((a) => a.status === 200 && a.body.message === MSG.forgotSuccess)).toBe(true);
  });

  it('an unknown address gets the same answer', async () => {
    const res = await callFrom(server.url, newClient(), 'POST', '/api/forgot-password', {
      body: { email: uniqueAddress('nobody') },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.forgotSuccess);
  });
});
