import { describe, expect, it } from 'vitest';
import { type AuditScopeState, carryingEntry, inAuditScope, pendingAuditEntry } from './audit-scope';

const scope = (): AuditScopeState => ({ put: () => ({}) as never, carried: false });

describe('the request’s audit entry, carried by one write', () => {
  it('a write started while another carries the entry goes without it (no second Put of the same item)', async () => {
    const state = scope();
    await inAuditScope(state, async () => {
      let release: (v: boolean) => void = () => {};
      const first = carryingEntry(
        pendingAuditEntry(),
        () =>
          new Promise<boolean>((r) => {
            release = r;
          }),
        (ok) => ok,
      );
      // The parallel write of the same request (a fan-out to a second webhook).
      expect(pendingAuditEntry()).toBeUndefined();
      release(true);
      await first;
      expect(state.carried).toBe(true);
      expect(pendingAuditEntry()).toBeUndefined();
    });
  });

  it('a carrying write that did not commit leaves the entry to the next write', async () => {
    const state = scope();
    await inAuditScope(state, async () => {
      await carryingEntry(
        pendingAuditEntry(),
        async () => false,
        (ok) => ok,
      );
      expect(state.carried).toBe(false);
      expect(pendingAuditEntry()).toBe(state);
      await expect(
        carryingEntry(
          pendingAuditEntry(),
          async () => {
            throw new Error('network');
          },
          () => true,
        ),
      ).rejects.toThrow('network');
      expect(pendingAuditEntry()).toBe(state);
    });
  });
});
