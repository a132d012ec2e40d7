/**
 * The two legacy syncs.
 *
 * legacy_users: legacy accounts merged by normalised e-mail. A new address becomes an invited
 * developer account (no password, not awaiting approval) and gets one invitation mail with a
 * set-password link (core/users/invitations.ts); once its owner sets a password it awaits approval
 * as any sign-up. An existing local account is never overwritten: it is only linked (and not
 * mailed). Counts: created (and invited), merged (linked to an existing account), skipped (linked
 * before, or an admin address).
 *
 * legacy_events: events after the stored cursor, handed to the webhook pipeline only for the
 * webhooks (subscribed to the event's type) of listed apps the practice holds a valid licence
 * for, bought by someone who proved the practice's address, issued before the event occurred
 * (practice-routing.ts). The
 * cursor moves past an event only once it was handed over; the pipeline's deliveries are keyed by
 * the event's id, so a run that dies mid-batch and runs again neither loses nor duplicates one.
 */
import { randomUUID } from 'node:crypto';
import { normaliseEmail } from '@shared/email';
import { consentFor, type InstallRecord, installsByApp } from '../installs/install';
import type { Requested } from '../installs/permissions';
import { EmailTakenError, type User } from '../users/user';
import {
  type EventPublisher,
  type LegacyLinkStore,
  type LegacySystem,
  type LicenceDirectory,
  OutsideSystemError,
  type SyncStateStore,
  type UserAccounts,
} from './ports';
import { appsForEvent, routableLicences } from './practice-routing';

/** What both legacy syncs use: the legacy system, the sync state (cursors, times) and the clock. */
interface LegacySyncDeps {
  legacy: LegacySystem;
  state: SyncStateStore;
  now?: () => Date;
}

export async function syncLegacyUsers(
  deps: LegacySyncDeps & {
    links: LegacyLinkStore;
    users: UserAccounts;
    /** Mails the new account its invitation (a failure to mail is logged by it, never thrown). */
    invite: (user: User) => Promise<void>;
  },
): Promise<Record<string, number>> {
  const accounts = await deps.legacy.accounts();
  const counts = { fetched: accounts.length, created: 0, merged: 0, skipped: 0 };
  for (const account of accounts) {
    const at = (deps.now?.() ?? new Date()).toISOString();
    if (await deps.links.get(account.id)) {
      counts.skipped++;
      continue;
    }
    const email = normaliseEmail(account.email);
    let local = await deps.users.findByEmail(email);
    if (local?.role === 'admin') {
      counts.skipped++;
      continue;
    }
    if (!local) {
      const user: User = {
        id: randomUUID(),
        email,
        full_name: account.full_name.trim(),
        company_name: account.company_name.trim(),
        website: null,
        role: 'developer',
        is_approved: false,
        created_at: at,
        auth_provider: 'password',
        email_verified: false,
        token_version: 0,
        invited: true,
        linked_emails: [],
      };
      try {
        await deps.users.createWithoutPassword(user);
        await deps.links.put(account.id, user.id, email, at);
        counts.created++;
        // One invitation per new address: a later run finds the link and skips the account.
        await deps.invite(user);
        continue;
      } catch (err) {
        if (!(err instanceof EmailTakenError)) throw err;
        local = await deps.users.findByEmail(email);
        if (!local) throw err;
      }
    }
    await deps.links.put(account.id, local.id, email, at);
    counts.merged++;
  }
  await deps.state.setUsersSynced(await deps.links.count());
  return counts;
}

export async function syncLegacyEvents(
  deps: LegacySyncDeps & { licences: LicenceDirectory; publisher: EventPublisher; maxEvents: number },
): Promise<Record<string, number>> {
  const clock = () => deps.now?.() ?? new Date();
  const start = await deps.state.get();
  const events = await deps.legacy.eventsAfter(start.cursor, deps.maxEvents);
  // The contract: strictly increasing cursors after ours. Anything else is refused before any hand-over.
  let previous = start.cursor === null ? -1n : BigInt(start.cursor);
  for (const e of events) {
    const c = BigInt(e.cursor);
    if (c <= previous) {
      throw new OutsideSystemError(`Legacy system sent event ${e.id} with cursor ${e.cursor} out of order`);
    }
    previous = c;
  }
  // withheld: hand-overs of an event to a licensed, listed app that the practice's consent does not
  // cover (counted per app, by reason); an event that reaches no app at all is `dropped`.
  const counts = {
    fetched: events.length,
    delivered: 0,
    dropped: 0,
    no_subscriber: 0,
    deliveries: 0,
    withheld: 0,
    withheld_not_declared: 0,
    withheld_not_granted: 0,
    withheld_revoked: 0,
  };
  // Per run: each practice's routable licences and installs, each app's listing and request.
  const practices = new Map<string, { licences: Map<string, number>; installs: Map<string, InstallRecord> }>();
  const listed = new Map<string, boolean>();
  const requested = new Map<string, Requested | null>();
  for (const event of events) {
    const email = normaliseEmail(event.practice_email);
    let practice = practices.get(email);
    if (!practice) {
      const holdings = await deps.licences.holdingsOf(email);
      practice = {
        licences: routableLicences(holdings, clock().getTime()),
        installs: installsByApp(holdings.installs, holdings.account?.id ?? null),
      };
      practices.set(email, practice);
    }
    const candidates = appsForEvent(practice.licences, event.occurred_at);
    const unknown = candidates.filter((id) => !listed.has(id));
    if (unknown.length > 0) {
      const [now, asks] = await Promise.all([deps.licences.listed(unknown), deps.licences.requested(unknown)]);
      for (const id of unknown) {
        listed.set(id, now.has(id));
        requested.set(id, asks.get(id) ?? null);
      }
    }
    const installs = practice.installs;
    const apps = candidates.filter((id) => {
      if (listed.get(id) !== true) return false;
      const withheld = consentFor(installs.get(id), requested.get(id) ?? null, event.type);
      if (withheld === null) return true;
      counts.withheld++;
      counts[`withheld_${withheld}`]++;
      return false;
    });
    if (apps.length === 0) counts.dropped++;
    else {
      let webhooks = 0;
      for (const appId of apps) {
        webhooks += await deps.publisher.publish(
          appId,
          event.type,
          { event_id: event.id, practice_email: email, occurred_at: event.occurred_at, ...event.data },
          event,
        );
      }
      counts.deliveries += webhooks;
      if (webhooks > 0) counts.delivered++;
      else counts.no_subscriber++;
    }
    await deps.state.setCursor(event.cursor, clock().toISOString());
  }
  return counts;
}
