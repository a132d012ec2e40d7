/**
 * Guest checkout relayed mail. A free app's guest checkout mailed the app's name
 * and licensing instructions, unauthenticated, to any address from the platform's sender: an
 * approved app renamed to "URGENT: verify your practice account at evil.example" went out like
 * that, as often as anyone asked.
 *
 * Now a free guest grant first mails a confirmation link in the platform's own words and grants
 * only when it is followed; developer text in licence mails is cleaned, capped and marked as the
 * developer's; an unverified account's free licence is not mailed; and mails per recipient per day
 * are capped (here 3, MAILS_PER_RECIPIENT_PER_DAY).
 *
 * Sign-up was the same relay by another door: the verification mail greeted the unconfirmed
 * address with the name typed at sign-up ("Hello URGENT: your account is locked...") and anyone
 * could then ask for a reset mail carrying it again. Neither mail quotes it any more.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppRecord } from '../../functions/core/apps/app';
import { DEVELOPER_TEXT_MAX, DEVELOPER_TEXT_NOTE } from '../../functions/core/licences/licence-mails';
import { GUEST_CONFIRM_SUBJECT } from '../../functions/core/purchases/guest-mails';
import { createFreeCodeApp, waitForMail } from '../integration/checkout-fixtures';
import { mailsTo, newDeveloper, uniqueEmail } from '../support/api';
import { queuesIdle } from '../support/queues';
import { callFrom, newClient, ownServer } from './support/own-server';

const server = ownServer({ MAILS_PER_RECIPIENT_PER_DAY: '3' });
const PHISH = 'URGENT: verify your practice account at evil.example';
let phishing: AppRecord;

beforeAll(async () => {
  const owner = await newDeveloper();
  phishing = await createFreeCodeApp(owner.id, 'relay', 'RELAY-CODE', {
    name: `${PHISH}\nReply-To: boss@evil.example`,
    licensing_instructions: `Your account is locked. Log in at https://evil.example/login now.\n${'x'.repeat(5000)}`,
  });
});

const guest = (email: string, from = newClient()) =>
  callFrom(server.url, from, 'POST', '/api/stripe/create-guest-checkout-session', {
    body: { app_id: phishing.id, email },
  });

/** Everything this file's server queued (licence deliveries, mail retries) has run: what was not mailed will not be. */
const settle = () => queuesIdle(server.url);

describe('guest checkout is no mail relay (item 8)', () => {
  it("mails only a confirmation in the platform's words, and grants only once it is followed", async () => {
    const victim = uniqueEmail('victim');
    const res = await guest(victim);
    expect(res.status).toBe(200);
    const [confirm] = await waitForMail(victim, (m) => m.subject === GUEST_CONFIRM_SUBJECT);
    await settle();
    const mails = await mailsTo(victim);
    expect(mails).toHaveLength(1);
    for (const text of [mails[0]?.subject, mails[0]?.text]) {
      expect(text).not.toContain('evil.example');
      expect(text).not.toContain('URGENT');
      expect(text).not.toContain(phishing.name.slice(0, 20));
    }

    // The link's owner confirms: now the licence mail goes out, the developer's words marked as theirs.
    const token = /confirm-license\?token=([\w-]+)/.exec(confirm?.text ?? '')?.[1];
    const ok = await callFrom(server.url, newClient(), 'POST', '/api/stripe/confirm-guest-license', {
      body: { token },
    });
    expect(ok.status).toBe(200);
    const [licence] = await waitForMail(victim, (m) => m.subject.startsWith('Your license for'));
    expect(licence?.subject).not.toContain('\n');
    const text = licence?.text ?? '';
    expect(text).toContain(`How to get started (${DEVELOPER_TEXT_NOTE}):`);
    expect(text).toContain('| Your account is locked.');
    const quoted = text.split('\n').filter((l) => l.startsWith('| '));
    expect(quoted.join('').length).toBeLessThanOrEqual(DEVELOPER_TEXT_MAX + quoted.length * 2);
    // Every line that mentions the developer's link is inside the marked block.
    for (const line of text.split('\n').filter((l) => l.includes('evil.example/login'))) expect(line).toMatch(/^\| /);
  });

  it('caps mails to one recipient per day, with the same answer every time', async () => {
    const victim = uniqueEmail('flooded');
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await guest(victim));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    await waitForMail(victim, () => true);
    await settle();
    const sent = (await mailsTo(victim)).length;
    console.info(`[item 8] mails to one address after 6 guest requests: ${sent}`);
    expect(sent).toBe(3);
  });

  it("does not mail a free licence to an account's unverified address", async () => {
    const dev = await newDeveloper({}, { verified: false });
    const res = await callFrom(server.url, newClient(), 'POST', '/api/stripe/create-checkout-session', {
      token: dev.token,
      body: { app_id: phishing.id },
    });
    expect(res.status).toBe(200);
    await settle();
    expect((await mailsTo(dev.email)).filter((m) => m.subject.startsWith('Your license for'))).toHaveLength(0);
  });
});

describe('sign-up is no mail relay either (item 8)', () => {
  it('mails an unconfirmed address nothing the person who signed up wrote', async () => {
    const victim = uniqueEmail('signup-victim');
    const reg = await callFrom(server.url, newClient(), 'POST', '/api/register', {
      body: { full_name: PHISH, email: victim, password: 'secret123', company_name: 'Log in at evil.example' },
    });
    expect(reg.status).toBe(201);
    await waitForMail(victim, (m) => m.subject.startsWith('Verify'));
    const forgot = await callFrom(server.url, newClient(), 'POST', '/api/forgot-password', { body: { email: victim } });
    expect(forgot.status).toBe(200);
    await waitForMail(victim, (m) => m.subject.startsWith('Reset'));
    const mails = await mailsTo(victim);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Reset your Dental App Marketplace password',
      'Verify your Dental App Marketplace email address',
    ]);
    for (const m of mails) {
      for (const text of [m.subject, m.text, m.html]) {
        expect(text).not.toContain('evil.example');
        expect(text).not.toContain('URGENT');
      }
    }
  });
});
