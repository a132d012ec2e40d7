import { describe, expect, it } from 'vitest';
import type { Page } from '../paging';
import { createInstallationCounts, type InstallationCountJob } from './installations';
import type { PurchaseRecord } from './purchase';

/** A buyer's purchases, paged by index, with countInstallation's once-only mark. */
function fakeRepo(purchases: Pick<PurchaseRecord, 'id' | 'status' | 'installation_counted'>[]) {
  const counted = new Set(purchases.filter((p) => p.installation_counted).map((p) => p.id));
  return {
    counted,
    async pageByBuyers(_ids: readonly string[], limit: number, cursor?: string): Promise<Page<PurchaseRecord>> {
      const from = cursor ? Number(cursor) : 0;
      const items = purchases
        .slice(from, from + limit)
        .map((p) => ({ ...p, installation_counted: counted.has(p.id) }) as PurchaseRecord);
      return { items, next_cursor: from + limit < purchases.length ? String(from + limit) : null };
    },
    async countInstallation(id: string) {
      if (counted.has(id)) return false;
      counted.add(id);
      return true;
    },
  };
}

function setup(purchases: Parameters<typeof fakeRepo>[0]) {
  const repo = fakeRepo(purchases);
  const sent: InstallationCountJob[] = [];
  const counts = createInstallationCounts({
    purchases: repo,
    queue: { send: async (job) => void sent.push(job) },
    pageSize: 2,
    log: { info() {} },
  });
  return { repo, sent, counts };
}

describe('installations of proven purchases', () => {
  it('the request only sends one job with the distinct buyer ids, none without any', async () => {
    const { sent, counts } = setup([]);
    await counts.request([]);
    expect(sent).toEqual([]);
    await counts.request(['u1', 'g1', 'u1']);
    expect(sent).toEqual([{ kind: 'count-installations', buyer_ids: ['u1', 'g1'] }]);
  });

  it('counts a page per message, re-sends the rest, skips refunded and counted ones', async () => {
    const { repo, sent, counts } = setup([
      { id: 'a', status: 'completed', installation_counted: false },
      { id: 'b', status: 'refunded', installation_counted: false },
      { id: 'c', status: 'completed', installation_counted: true },
      { id: 'd', status: 'completed', installation_counted: false },
      { id: 'e', status: 'completed', installation_counted: false },
    ]);
    const first: InstallationCountJob = { kind: 'count-installations', buyer_ids: ['g1'] };
    expect(await counts.handle(first)).toBe(1);
    expect(sent).toEqual([{ ...first, cursor: '2' }]);
    // A redelivered first message counts nothing twice.
    expect(await counts.handle(first)).toBe(0);
    expect(await counts.handle(sent[0] as InstallationCountJob)).toBe(1);
    const last = sent.at(-1) as InstallationCountJob;
    expect(last.cursor).toBe('4');
    sent.length = 0;
    expect(await counts.handle(last)).toBe(1);
    expect(sent).toEqual([]);
    expect([...repo.counted].sort()).toEqual(['a', 'c', 'd', 'e']);
  });
});
