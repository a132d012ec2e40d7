/**
 * The licence mail's "See or revoke this app's access" link (docs/behaviour.md#installs-and-consent):
 * it lets a guest (who has no account to sign in to) see what an app may use and revoke it.
 *
 * Made like the claim links (core/users/reset-token.ts): 32 random bytes mailed, only their SHA-256
 * kept, here on the install itself (access_link: hash and expiry), so nothing else is stored and
 * the link needs no key of its own. The token is `<install's buyer and app, base64url>.<random>`:
 * the first part finds the install, the second proves the holder got the mail. A token changed in
 * either part, expired, or replaced by a newer licence mail's (each delivery issues a fresh one)
 * opens nothing. It authorises exactly two things, for that one install: reading it and revoking it.
 */
import { timingSafeEqual } from 'node:crypto';
import { createResetToken, hashResetToken } from '../users/reset-token';

/** How long a licence mail's access link works: a practice may want to revoke long after buying. */
export const ACCESS_LINK_TTL_SECONDS = 365 * 24 * 60 * 60;

export interface AccessLinkHash {
  hash: string;
  /** Epoch seconds. */
  expires_at: number;
}

/** A fresh link token for the install of `buyerId` and `appId`, and what the install keeps of it. */
export function issueAccessLink(
  buyerId: string,
  appId: string,
  nowSeconds: number,
): { token: string; kept: AccessLinkHash } {
  const { token, tokenHash } = createResetToken();
  const where = Buffer.from(JSON.stringify([buyerId, appId])).toString('base64url');
  return { token: `${where}.${token}`, kept: { hash: tokenHash, expires_at: nowSeconds + ACCESS_LINK_TTL_SECONDS } };
}

/**
 * Issues an install's access link and keeps its hash on the install (a store's `setAccessLink`):
 * the installs service and the manual licences' completion mail both mail one.
 */
export function accessLinkIssuer(
  store: { setAccessLink(buyerId: string, appId: string, link: AccessLinkHash): Promise<void> },
  now: () => Date = () => new Date(),
) {
  return async (install: { buyer_id: string; app_id: string }): Promise<string> => {
    const { token, kept } = issueAccessLink(install.buyer_id, install.app_id, Math.floor(now().getTime() / 1000));
    await store.setAccessLink(install.buyer_id, install.app_id, kept);
    return token;
  };
}

/** The install a token points at (buyer and app) and its secret part; null when it is not a token. */
export function parseAccessLink(token: string): { buyerId: string; appId: string; secret: string } | null {
  const [where, secret, ...rest] = token.split('.');
  if (!where || !secret || rest.length > 0) return null;
  try {
    const ids = JSON.parse(Buffer.from(where, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(ids) || ids.length !== 2 || !ids.every((x) => typeof x === 'string' && x.length > 0)) {
      return null;
    }
    return { buyerId: ids[0] as string, appId: ids[1] as string, secret };
  } catch {
    return null;
  }
}

/** Whether `secret` is the one `kept` was made from and the link has not expired. */
export function accessLinkHolds(kept: AccessLinkHash | null | undefined, secret: string, nowSeconds: number): boolean {
  if (!kept || kept.expires_at <= nowSeconds) return false;
  const given = Buffer.from(hashResetToken(secret));
  const wanted = Buffer.from(kept.hash);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
