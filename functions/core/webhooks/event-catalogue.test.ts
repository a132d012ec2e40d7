import { describe, expect, it } from 'vitest';
import { catalogueNames, emittableEventTypes, PLATFORM_EVENT_TYPES } from './event-catalogue';

describe('event catalogue', () => {
  it('offers only what the platform emits before any internal sync: the licence and install events', () => {
    expect(catalogueNames([])).toEqual([
      'install.created',
      'install.revoked',
      'install.updated',
      'license.purchased',
      'license.revoked',
    ]);
    for (const e of PLATFORM_EVENT_TYPES) {
      expect(e.name).toMatch(/^[a-z_]+\.[a-z_]+$/);
      expect(e.description.length).toBeGreaterThan(10);
    }
  });

  it("adds the synced catalogue's types, each with its source, by name, without duplicates", () => {
    const synced = [{ name: 'patient.created' }, { name: 'appointment.created' }, { name: 'license.revoked' }];
    expect(emittableEventTypes([{ name: 'license.revoked' }], synced)).toEqual([
      { name: 'appointment.created', source: 'internal_catalogue' },
      { name: 'license.revoked', source: 'platform' },
      { name: 'patient.created', source: 'internal_catalogue' },
    ]);
    expect(catalogueNames([{ name: 'b.x' }, { name: 'a.y' }, { name: 'b.x' }])).toEqual([
      'a.y',
      'b.x',
      'install.created',
      'install.revoked',
      'install.updated',
      'license.purchased',
      'license.revoked',
    ]);
  });
});
