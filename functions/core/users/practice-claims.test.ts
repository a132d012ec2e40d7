/**
 * The claim link's failure cases (practice-claims.ts): a link is single use and expires, an address
 * an account already holds is never taken over by following it, and only buyers attach addresses.
 * The in-memory repository below redeems tokens the way the table's transactions do: a token is
 * deleted together with the change it unlocks, and a missing or expired one changes nothing.
 */
import {
  CLAIM_ACCOUNT_CREATED,
  CLAIM_ACCOUNT_EXISTS,
  CLAIM_LINK_INVALID,
  CLAIM_ONLY_BUYERS,
  type ClaimAccountInput,
} from '@shared/schemas/accounts';
import { describe, expect, it } from 'vitest';
import { aUser } from '../api-keys/testing';
import type { AppError } from '../errors';
import type { ClaimRedemption, ClaimTokenStore, UsersRepository } from './ports';
import { createClaimLinks, createPracticeClaims } from './practice-claims';
import { EmailTakenError, type User } from './user';

const START = Date.parse('2026-03-01T10:00:00.000Z');
const TTL_SECONDS = 7 * 24 * 3600;

function setup(initial: User[] = []) {
  let clock = START;
  const now = () => new Date(clock);
  const tokens = new Map<string, { email: string; expiresAt: number }>();
  const users = new Map<string, User>(initial.map((u) => [u.id, { ...u }]));
  const hashes = new Map<string, string>();
  const byEmail = (email: string) => [...users.values()].find((u) => u.email === email);
  /** Redeems the token as the table's transaction does: only while it exists and has not expired. */
  const redeem = (claim: ClaimRedemption): boolean => {
    const stored = tokens.get(claim.tokenHash);
    if (!stored || stored.expiresAt <= claim.nowSeconds || stored.email !== claim.email) return false;
    tokens.delete(claim.tokenHash);
    return true;
  };
  const store: ClaimTokenStore = {
    async save(t) {
      tokens.set(t.tokenHash, { email: t.email, expiresAt: t.expiresAt });
    },
    async find(hash) {
      return tokens.get(hash);
    },
  };
  const repo = {
    async findById(id: string) {
      const u = users.get(id);
      return u ? { ...u } : undefined;
    },
    async findByEmail(email: string) {
      const u = byEmail(email);
      return u ? { ...u } : undefined;
    },
    async createClaimed(user: User, hash: string, claim: ClaimRedemption) {
      if (byEmail(user.email)) throw new EmailTakenError();
      if (!redeem(claim)) return 'claim_invalid' as const;
      users.set(user.id, { ...user });
      hashes.set(user.id, hash);
      return 'created' as const;
    },
    async linkEmail(userId: string, claim: ClaimRedemption) {
      if (byEmail(claim.email)) throw new EmailTakenError();
      if (!redeem(claim)) return 'claim_invalid' as const;
      const u = users.get(userId) as User;
      u.linked_emails = [...u.linked_emails, claim.email];
      return 'linked' as const;
    },
    async verifyByClaim(userId: string, claim: ClaimRedemption) {
      if (!redeem(claim)) return false;
      (users.get(userId) as User).email_verified = true;
      return true;
    },
  } as unknown as UsersRepository;
  const proven: string[] = [];
  const claims = createPracticeClaims({
    users: repo,
    tokens: store,
    passwords: { hash: async (p) => `hashed:${p}` },
    refuseBreached: () => {},
    limiter: { take: async () => {} },
    perClientPerHour: () => 100,
    onAddressProven: async (u) => void proven.push(u.id),
    now,
  });
  const links = createClaimLinks({
    tokens: store,
    appUrl: 'https://market.example.com/',
    ttlSeconds: TTL_SECONDS,
    now,
  });
  /** A link mailed to `email` now, and the token it carries. */
  const linkTo = async (email: string) => {
    const link = await links.linkFor(email);
    return decodeURIComponent(new URL(link).searchParams.get('token') ?? '');
  };
  const later = (seconds: number) => {
    clock += seconds * 1000;
  };
  return { claims, users, tokens, hashes, proven, linkTo, later };
}

const form = (token: string): ClaimAccountInput => ({
  token,
  full_name: 'Front Desk',
  company_name: 'Riverside Dental',
  password: 'a long chosen password',
});

const rejection = async (p: Promise<unknown>) => p.then(() => undefined).catch((e: unknown) => e as AppError);

describe('claim links', () => {
  it('link to /claim-account for the normalised address, valid for the configured time', async () => {
    const { linkTo, tokens } = setup();
    await linkTo('  Guest@Example.COM ');
    expect([...tokens.values()]).toEqual([
      { email: 'guest@example.com', expiresAt: Math.floor(START / 1000) + TTL_SECONDS },
    ]);
  });
});

describe('creating a practice account from a claim link', () => {
  it('creates a verified practice for exactly the link address, once: the same link again is refused', async () => {
    const { claims, users, linkTo, proven } = setup();
    const token = await linkTo('guest@example.com');
    const made = await claims.createAccount(form(token), '127.0.0.1');
    expect(made.message).toBe(CLAIM_ACCOUNT_CREATED);
    expect(made.user).toMatchObject({ email: 'guest@example.com', role: 'practice', email_verified: true });
    expect(proven).toEqual([made.user.id]);

    const again = await rejection(claims.createAccount({ ...form(token), company_name: 'Someone Else' }, '127.0.0.1'));
    expect(again?.status).toBe(400);
    expect(again?.message).toBe(CLAIM_LINK_INVALID);
    expect((await rejection(claims.preview(token)))?.message).toBe(CLAIM_LINK_INVALID);
    expect(users.size).toBe(1);
  });

  it('refuses an expired link and creates nothing', async () => {
    const { claims, users, linkTo, later } = setup();
    const token = await linkTo('late@example.com');
    later(TTL_SECONDS - 1);
    expect(await claims.preview(token)).toEqual({ email: 'late@example.com', account_exists: false });
    later(1);
    const refused = await rejection(claims.createAccount(form(token), '127.0.0.1'));
    expect(refused?.status).toBe(400);
    expect(refused?.message).toBe(CLAIM_LINK_INVALID);
    expect((await rejection(claims.preview(token)))?.status).toBe(400);
    expect(users.size).toBe(0);
  });

  it('refuses an unknown token', async () => {
    const { claims } = setup();
    expect((await rejection(claims.createAccount(form('not-a-token'), '127.0.0.1')))?.message).toBe(CLAIM_LINK_INVALID);
  });

  it('answers 409 when an unverified account holds the address: nothing changes, the link stays usable by its owner', async () => {
    const holder = aUser({ email: 'taken@example.com', email_verified: false, full_name: 'First Registrant' });
    const { claims, users, tokens, hashes, linkTo, proven } = setup([holder]);
    const token = await linkTo('taken@example.com');
    expect(await claims.preview(token)).toEqual({ email: 'taken@example.com', account_exists: true });
    const refused = await rejection(claims.createAccount(form(token), '127.0.0.1'));
    expect(refused?.status).toBe(409);
    expect(refused?.message).toBe(CLAIM_ACCOUNT_EXISTS);
    // The account is neither replaced nor verified, no password was set, nothing was counted.
    expect(users.size).toBe(1);
    expect(users.get(holder.id)).toEqual(holder);
    expect(hashes.size).toBe(0);
    expect(proven).toEqual([]);
    expect(tokens.size).toBe(1);
    // Its holder signed in may still verify the address with the same link.
    expect((await claims.attach(token, holder.id)).outcome).toBe('verified');
    expect(users.get(holder.id)?.email_verified).toBe(true);
  });
});

describe('attaching a claim link while signed in', () => {
  it('refuses an admin with 403 and changes nothing', async () => {
    const admin = aUser({ role: 'admin', is_approved: true, email: 'admin@example.com' });
    const { claims, users, tokens, linkTo } = setup([admin]);
    const token = await linkTo('guest@example.com');
    const refused = await rejection(claims.attach(token, admin.id));
    expect(refused?.status).toBe(403);
    expect(refused?.message).toBe(CLAIM_ONLY_BUYERS);
    expect(users.get(admin.id)?.linked_emails).toEqual([]);
    expect(tokens.size).toBe(1);
  });

  it('links another address once: the same link again is refused', async () => {
    const buyer = aUser({ role: 'practice', is_approved: true, email: 'desk@example.com', email_verified: true });
    const other = aUser({ role: 'practice', is_approved: true, email: 'other@example.com', email_verified: true });
    const { claims, users, linkTo } = setup([buyer, other]);
    const token = await linkTo('guest@example.com');
    expect((await claims.attach(token, buyer.id)).outcome).toBe('linked');
    expect(users.get(buyer.id)?.linked_emails).toEqual(['guest@example.com']);
    const reused = await rejection(claims.attach(token, other.id));
    expect(reused?.message).toBe(CLAIM_LINK_INVALID);
    expect(users.get(other.id)?.linked_emails).toEqual([]);
  });

  it('refuses with 409 to attach an address another (unverified) account holds', async () => {
    const holder = aUser({ email: 'held@example.com', email_verified: false });
    const buyer = aUser({ role: 'practice', is_approved: true, email: 'desk@example.com', email_verified: true });
    const { claims, users, linkTo } = setup([holder, buyer]);
    const token = await linkTo('held@example.com');
    const refused = await rejection(claims.attach(token, buyer.id));
    expect(refused?.status).toBe(409);
    expect(refused?.message).toBe(CLAIM_ACCOUNT_EXISTS);
    expect(users.get(buyer.id)?.linked_emails).toEqual([]);
    expect(users.get(holder.id)).toEqual(holder);
  });
});
