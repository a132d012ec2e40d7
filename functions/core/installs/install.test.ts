import { describe, expect, it } from 'vitest';
import { consentFor, type InstallRecord, installsByApp, viewOf } from './install';
import { asksForMore, intersect, type Permissions } from './permissions';
import { installRecord } from './testing';

const perms = (event_types: string[], features: Permissions['features'] = []): Permissions => ({
  event_types,
  features,
});
const declared = (p: Permissions) => ({ permissions: p, version: '2026-01-01T00:00:00.000Z' });
const install = (over: Partial<InstallRecord> = {}): InstallRecord =>
  installRecord({
    status: 'active',
    granted: perms(['appointment.created'], [{ id: 'scheduling', access: 'read' }]),
    declaration_version: 'v1',
    ...over,
  });

describe('permissions', () => {
  it('write where read, a new feature or a new event type is more; less is not', () => {
    const granted = perms(['a'], [{ id: 'f', access: 'read' }]);
    expect(asksForMore(granted, perms(['a'], [{ id: 'f', access: 'read_write' }]))).toBe(true);
    expect(asksForMore(granted, perms(['a'], [{ id: 'f', access: 'write' }]))).toBe(true);
    expect(asksForMore(granted, perms(['a', 'b'], [{ id: 'f', access: 'read' }]))).toBe(true);
    expect(
      asksForMore(
        granted,
        perms(
          ['a'],
          [
            { id: 'f', access: 'read' },
            { id: 'g', access: 'read' },
          ],
        ),
      ),
    ).toBe(true);
    expect(asksForMore(granted, perms([], []))).toBe(false);
    expect(asksForMore(perms([], [{ id: 'f', access: 'read_write' }]), perms([], [{ id: 'f', access: 'read' }]))).toBe(
      false,
    );
  });

  it('what may be used is the grant cut down to what is declared now', () => {
    const granted = perms(
      ['a', 'b'],
      [
        { id: 'f', access: 'read_write' },
        { id: 'g', access: 'read' },
      ],
    );
    expect(
      intersect(
        granted,
        perms(
          ['a', 'c'],
          [
            { id: 'f', access: 'read' },
            { id: 'g', access: 'write' },
          ],
        ),
      ),
    ).toEqual(perms(['a'], [{ id: 'f', access: 'read' }]));
  });
});

describe('consent of an install', () => {
  const now = declared(perms(['appointment.created', 'patient.updated'], [{ id: 'scheduling', access: 'read' }]));

  it('an active grant of the type lets it through; otherwise the reason it is withheld', () => {
    expect(consentFor(install(), now, 'appointment.created')).toBeNull();
    expect(consentFor(install(), now, 'patient.updated')).toBe('not_granted');
    expect(consentFor(install(), now, 'claim.paid')).toBe('not_declared');
    expect(consentFor(install(), null, 'appointment.created')).toBe('not_declared');
    expect(consentFor(install({ status: 'pending' }), now, 'appointment.created')).toBe('not_granted');
    expect(consentFor(install({ status: 'revoked' }), now, 'appointment.created')).toBe('revoked');
    expect(consentFor(undefined, now, 'appointment.created')).toBe('not_granted');
  });

  it('a declaration asking for more shows what it asks, and keeps the old grant in force', () => {
    expect(viewOf(install(), now)).toEqual({ granted: install().granted, requested: now.permissions });
    expect(viewOf(install(), declared(install().granted))).toEqual({ granted: install().granted });
    // Less access applies at once.
    expect(viewOf(install(), declared(perms([])))).toEqual({ granted: perms([]) });
  });

  it("an account's own install of an app wins over the one kept under its address", () => {
    const own = install({ id: 'own', buyer_id: 'acct', updated_at: '2026-01-01T00:00:00.000Z' });
    const guest = install({ id: 'guest', buyer_id: 'guest_x', updated_at: '2026-02-01T00:00:00.000Z' });
    expect(installsByApp([guest, own], 'acct').get('a1')?.id).toBe('own');
    expect(installsByApp([own, guest], null).get('a1')?.id).toBe('guest');
  });
});
