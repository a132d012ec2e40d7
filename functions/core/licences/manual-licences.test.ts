import { describe, expect, it } from 'vitest';
import type { PurchaseRecord } from '../purchases/purchase';
import type { OutgoingMail } from '../users/ports';
import { createManualLicences, isOverdue, type PendingManualLicence, reminderDue } from './manual-licences';

const since = '2026-01-01T00:00:00.000Z';
const plus = (h: number) => new Date(Date.parse(since) + h * 3_600_000);

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
    const pending: PendingManualLicence = {
      purchase: {
        id: 'p1',
        app_id: 'a1',
        developer_id: 'd1',
        buyer_email: 'buyer@example.com',
        buyer_name: null,
        app: { name: 'Chart' },
      } as PurchaseRecord,
      pending_since: since,
      reminded_at: null,
    };
    const sent: OutgoingMail[] = [];
    let clock = plus(6);
    const service = createManualLicences({
      store: {
        pendingByApp: async () => [],
        allPending: async () => [pending],
        get: async () => pending,
        complete: async () => 'completed',
        markReminded: async (_id, at) => {
          if (pending.reminded_at) return false;
          pending.reminded_at = at;
          return true;
        },
      },
      apps: { getById: async () => undefined, listByOwner: async () => [] },
      users: { findById: async () => ({ email: 'dev@example.com' }) as never },
      mailer: { sendMail: async (m) => void sent.push(m) },
      appUrl: 'http://x',
      now: () => clock,
    });
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
