import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { api, mailsTo, newPractice } from '../../support/api';
import { callFrom, newClient } from './own-server';

export const uniqueAddress = (prefix = 'sec') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

/** Registers a developer through the API from a fresh client address. */
export async function registerDeveloper(url: string, password = 'right-password-1') {
  const email = uniqueAddress();
  const reg = await callFrom(url, newClient(), 'POST', '/api/register', {
    body: { full_name: 'Owner', email, password, company_name: 'Owner Dental' },
  });
  expect(reg.status, JSON.stringify(reg.body)).toBe(201);
  return { email, password, id: reg.body.id as string };
}

export async function signIn(url: string, email: string, password: string, from = newClient()) {
  return callFrom(url, from, 'POST', '/api/login', { body: { email, password } });
}

/** The tokens of the links of a kind ("reset-password", "verify-email") mailed to `email`, oldest first. */
export async function linkTokens(email: string, page: string): Promise<string[]> {
  const mails = await mailsTo(email);
  const re = new RegExp(`/${page}\\?token=([A-Za-z0-9_%-]+)`);
  return mails
    .map((m) => re.exec(m.text ?? '')?.[1])
    .filter((t): t is string => !!t)
    .map((t) => decodeURIComponent(t));
}

/** A practice holding a licence of the free app `appId` (bought through checkout), so it may review it. */
export async function licensedPractice(appId: string, name: string) {
  const practice = await newPractice({ company_name: name });
  const res = await api('POST', '/api/stripe/create-checkout-session', {
    token: practice.token,
    body: { app_id: appId },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return practice;
}
