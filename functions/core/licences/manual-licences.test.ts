import { describe, expect, it } from 'vitest';
import type { PurchaseRecord } from '../purchases/purchase';
import type { OutgoingMail } from '../users/ports';
import { createManualLicences, isOverdue, type PendingManualLicence, reminderDue } from './manual-licences';

const since = '2026-01-01T00:00:00.000Z';
const plus = (h: number) => new Date(Date.parse(since) + h * 3_600_000);

type Deps = Parameters<typeof createManualLicences>[0];

/** A licence of developer d1 waiting since `since`, never reminded. */
const pendingLicence = (id: string, app_id: string, buyer_email: string, appName: string): PendingManualLicence => ({
  purchase: { id, app_id, developer_id: 'd1', buyer_email, buyer_name: null, app: { name: appName } } as PurchaseRecord,
  pending_since: since,
  reminded_at: null,
});

/**
 * The service over a store that reminds about `licence` once (as the table's conditional write
 * does), with `store` overriding the rest; the mails sent land in `sent`.
 */
function remindingService(
  licence: PendingManualLicence,
  store: Partial<Deps['store']>,
  deps: { now: () => Date; sent: OutgoingMail[]; apps?: Partial<Deps['apps']> },
) {
  return createManualLicences({
    store: {
      pendingPageForDeveloper: async () => ({ items: [], next_cursor: null }),
      allPending: async () => [],
      get: async () => undefined,
      complete: async () => 'completed',
      markReminded: async (_id, at) => {
        if (licence.reminded_at) return false;
        licence.reminded_at = at;
        return true;
      },
      legacyPendingIndexed: async () => true,
      indexLegacyPending: async () => 0,
      markLegacyPendingIndexed: async () => {},
      ...store,
    },
    apps: { getById: async () => undefined, listByOwner: async () => [], listAll: async () => [], ...deps.apps },
    users: { findById: async () => ({ email: 'dev@example.com' }) as never },
    mailer: { sendMail: async (m) => void deps.sent.push(m) },
    appUrl: 'http://x',
    now: deps.now,
  });
}

describe('reminderDue', () => {
  it('is due from 12 hours on, never before, and never once reminded', () => {
    expect(reminderDue({ pending_since: since, reminded_at: null }, plus(11.99))).toBe(false);
    expect(reminderDue({ pending_since: since, reminded_at: null }, plus(12))).toBe(true);
    expect(reminderDue({ pending_since: since, reminded_at: null }, plus(40))).toBe(true);
    expect(reminderDue({ pending_since: since, reminded_at: plus(12).toISOString() }, plus(40))).toBe(false);
    expect(reminderDue({ pending_since: '', reminded_at: null }, plus(40))).toBe(false);
  });
  it('counts overdue only past 24 hours', () => {
    expect(isOverdue({ pending_since: since }, plus(24))).toBe(false);
    expect(isOverdue({ pending_since: since }, plus(24.01))).toBe(true);
  });
});

describe('sendReminders', () => {
  it('mails the developer once per pending licence, however often the scheduler runs', async () => {
    const pending = pendingLicence('p1', 'a1', 'buyer@example.com', 'Chart');
    const sent: OutgoingMail[] = [];
    let clock = plus(6);
    const service = remindingService(
      pending,
      { allPending: async () => [pending], get: async () => pending },
      { now: () => clock, sent },
    );
    expect(await service.sendReminders()).toBe(0);
    clock = plus(12.5);
    expect(await service.sendReminders()).toBe(1);
    clock = plus(30);
    expect(await service.sendReminders()).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: 'dev@example.com' });
    expect(sent[0]?.subject).toContain('buyer@example.com');
  });
});

describe('legacy pending manual licences (pending before the index existed)', () => {
  it('walks every app once, indexes what it finds, then reminds about it', async () => {
    const legacy = pendingLicence('old', 'a2', 'early@example.com', 'Perio');
    const index: PendingManualLicence[] = [];
    const unindexed = new Map([['a2', [legacy]]]);
    let marker: string | null = null;
    const walked: string[] = [];
    const sent: OutgoingMail[] = [];
    const service = remindingService(
      legacy,
      {
        allPending: async () => [...index],
        legacyPendingIndexed: async () => marker !== null,
        indexLegacyPending: async (appId) => {
          walked.push(appId);
          const found = unindexed.get(appId) ?? [];
          index.push(...found);
          unindexed.delete(appId);
          return found.length;
        },
        markLegacyPendingIndexed: async (at) => {
          marker = at;
        },
      },
      { now: () => plus(13), sent, apps: { listAll: async () => [{ id: 'a1' }, { id: 'a2' }] as never } },
    );
    expect(await service.sendReminders()).toBe(1);
    expect(walked).toEqual(['a1', 'a2']);
    expect(marker).toBe(plus(13).toISOString());
    expect(sent[0]?.subject).toContain('early@example.com');
    // The marker stops the walk; the reminder is not sent again.
    expect(await service.sendReminders()).toBe(0);
    expect(walked).toEqual(['a1', 'a2']);
    expect(sent).toHaveLength(1);
  });
});

describe('completing a manual licence: who is mailed', () => {
  const INSTRUCTIONS = 'Call us on 555-0100 to set up your login.';
  const DETAILS = 'Sign in at https://clinic.example.com with code 4711';

  /** A pending manual licence of app a1 bought by `buyer`, completed by its developer d1 with access details. */
  async function complete(
    purchase: Partial<PurchaseRecord>,
    buyer: { email_verified: boolean } | undefined,
  ): Promise<{ platform: OutgoingMail[]; capped: OutgoingMail[]; status: string }> {
    const pending: PendingManualLicence = {
      purchase: {
        id: 'p1',
        app_id: 'a1',
        developer_id: 'd1',
        user_id: 'u1',
        buyer_email: 'desk@example.com',
        buyer_name: null,
        app: { name: 'Chart' },
        status: 'completed',
        license_status: 'manual_pending',
        expires_at: null,
        buyer_new_account: false,
        payment_method: 'test',
        ...purchase,
      } as PurchaseRecord,
      pending_since: since,
      reminded_at: null,
    };
    const platform: OutgoingMail[] = [];
    const capped: OutgoingMail[] = [];
    const service = createManualLicences({
      store: {
        pendingPageForDeveloper: async () => ({ items: [], next_cursor: null }),
        allPending: async () => [],
        get: async () => pending,
        complete: async () => 'completed',
        markReminded: async () => false,
        legacyPendingIndexed: async () => true,
        indexLegacyPending: async () => 0,
        markLegacyPendingIndexed: async () => {},
      },
      apps: {
        getById: async () =>
          ({ id: 'a1', user_id: 'd1', name: 'Chart', licensing_instructions: INSTRUCTIONS }) as never,
        listByOwner: async () => [],
        listAll: async () => [],
      },
      users: { findById: async (id) => (id === 'u1' && buyer ? (buyer as never) : undefined) },
      mailer: { sendMail: async (m) => void platform.push(m) },
      buyerMailer: { sendMail: async (m) => void capped.push(m) },
      claimLinks: { linkFor: async (email) => `http://x/claim-account?token=for-${email}` },
      appUrl: 'http://x',
      now: () => plus(1),
    });
    const done = await service.complete({ userId: 'd1', admin: false }, 'p1', {
      access_details: DETAILS,
      license_key: undefined,
    });
    return { platform, capped, status: done.license_status };
  }

  it("mails a verified buyer the developer's details and instructions through the per-recipient cap", async () => {
    const { platform, capped, status } = await complete({}, { email_verified: true });
    expect(status).toBe('active');
    expect(platform).toEqual([]);
    expect(capped).toHaveLength(1);
    expect(capped[0]).toMatchObject({ to: 'desk@example.com', subject: 'Your license for Chart' });
    expect(capped[0]?.text).toContain(`| ${DETAILS}`);
    expect(capped[0]?.text).toContain(`| ${INSTRUCTIONS}`);
  });

  it('mails an unverified account nothing: the licence still turns active (it reads it on My Purchases)', async () => {
    const { platform, capped, status } = await complete({}, { email_verified: false });
    expect(status).toBe('active');
    expect(platform).toEqual([]);
    expect(capped).toEqual([]);
  });

  it("tells a paid guest only in the platform's words (no developer text), with the claim link, through the cap", async () => {
    const { platform, capped } = await complete({ buyer_new_account: true, payment_method: 'test' }, undefined);
    expect(platform).toEqual([]);
    expect(capped).toHaveLength(1);
    const text = capped[0]?.text ?? '';
    expect(text).toContain('Your license is active.');
    expect(text).not.toContain(DETAILS);
    expect(text).not.toContain(INSTRUCTIONS);
    expect(text).not.toContain('written by the app developer');
    expect(text).toContain('Create your practice account: http://x/claim-account?token=for-desk@example.com');
  });

  it("mails a free guest grant (its address proven by the confirmation link) the developer's details", async () => {
    const { capped } = await complete({ buyer_new_account: true, payment_method: 'free' }, undefined);
    expect(capped).toHaveLength(1);
    expect(capped[0]?.text).toContain(`| ${DETAILS}`);
  });
});

describe('listForDeveloper', () => {
  const owned = [{ id: 'a1' }, { id: 'a2' }] as Awaited<ReturnType<Deps['apps']['listByOwner']>>;

  it('answers one page of the developer’s store page, oldest first as read, with its next cursor', async () => {
    const first = pendingLicence('p1', 'a1', 'one@example.com', 'Chart');
    const second = { ...pendingLicence('p2', 'a2', 'two@example.com', 'Xray'), pending_since: plus(30).toISOString() };
    const calls: unknown[][] = [];
    const service = remindingService(
      first,
      {
        pendingPageForDeveloper: async (developerId, limit, cursor) => {
          calls.push([developerId, limit, cursor]);
          return cursor ? { items: [second], next_cursor: null } : { items: [first], next_cursor: 'c1' };
        },
      },
      { now: () => plus(40), sent: [], apps: { listByOwner: async () => owned } },
    );
    const page1 = await service.listForDeveloper('d1', { limit: 1 });
    expect(page1).toEqual({
      licences: [
        {
          purchase_id: 'p1',
          app_id: 'a1',
          app_name: 'Chart',
          buyer_email: 'one@example.com',
          buyer_name: null,
          pending_since: since,
          overdue: true,
        },
      ],
      next_cursor: 'c1',
    });
    const page2 = await service.listForDeveloper('d1', { limit: 1, cursor: 'c1' });
    expect(page2.licences.map((l) => [l.purchase_id, l.overdue])).toEqual([['p2', false]]);
    expect(page2.next_cursor).toBeNull();
    expect(calls).toEqual([
      ['d1', 1, undefined],
      ['d1', 1, 'c1'],
    ]);
  });

  it('reads only the caller’s own partition: another developer’s page is never asked for', async () => {
    const asked: string[] = [];
    const service = remindingService(
      pendingLicence('p1', 'a1', 'one@example.com', 'Chart'),
      {
        pendingPageForDeveloper: async (developerId) => {
          asked.push(developerId);
          return { items: [], next_cursor: null };
        },
      },
      { now: () => plus(1), sent: [] },
    );
    expect(await service.listForDeveloper('dev-42', { limit: 50 })).toEqual({ licences: [], next_cursor: null });
    expect(asked).toEqual(['dev-42']);
  });

  it('leaves out the licences of an app the developer no longer has (deleted), keeping the cursor', async () => {
    const kept = pendingLicence('p1', 'a1', 'one@example.com', 'Chart');
    const gone = pendingLicence('p2', 'deleted-app', 'two@example.com', 'Gone');
    const service = remindingService(
      kept,
      { pendingPageForDeveloper: async () => ({ items: [gone, kept], next_cursor: 'c2' }) },
      { now: () => plus(1), sent: [], apps: { listByOwner: async () => owned } },
    );
    const page = await service.listForDeveloper('d1', { limit: 2 });
    expect(page.licences.map((l) => l.purchase_id)).toEqual(['p1']);
    expect(page.next_cursor).toBe('c2');
  });
});
