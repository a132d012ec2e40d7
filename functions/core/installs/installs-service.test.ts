import { INSTALL_MESSAGES } from '@shared/schemas/installs';
import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../errors';
import type { InstallRecord } from './install';
import { createInstallsService } from './installs-service';
import type { InstallStore } from './ports';
import { installRecord } from './testing';

const at = '2026-01-01T00:00:00.000Z';
const stored = installRecord;

/** A store holding `installs`; `changeUnder` makes the next replace find the install changed meanwhile. */
function store(installs: InstallRecord[], changeUnder = false) {
  const writes: InstallRecord[] = [];
  const s: InstallStore = {
    get: async (b, a) => installs.find((i) => i.buyer_id === b && i.app_id === a),
    create: async () => false,
    async replace(install, expected) {
      if (changeUnder || installs.find((i) => i.id === install.id)?.updated_at !== expected) return false;
      writes.push(install);
      return true;
    },
    setAccessLink: async () => {},
    ofBuyers: async (ids) => installs.filter((i) => ids.includes(i.buyer_id)),
    pageOfApp: async () => ({ items: [], next_cursor: null }),
  };
  return { s, writes };
}

const declarations = {
  get: async () => ({
    features: [],
    event_types: [{ id: 'appointment.created', description: 'New appointments' }],
    baa_signed: false,
    baa_url: null,
    updated_at: at,
  }),
};

describe('grant and revoke of an install that changed under the request', () => {
  it('answer 409 with a detail and write nothing; a missing or another buyer’s install stays 404', async () => {
    const { s, writes } = store([stored(), stored({ id: 'i2', buyer_id: 'u2' })], true);
    const service = createInstallsService({ store: s, declarations });
    for (const act of [service.grant, service.revoke]) {
      const changed = await act('u1', 'i1').catch((e: unknown) => e);
      expect(changed).toBeInstanceOf(ConflictError);
      expect(changed).toMatchObject({ status: 409, message: INSTALL_MESSAGES.changed });
      for (const [user, id] of [
        ['u1', 'missing'],
        ['u1', 'i2'],
      ] as const) {
        await expect(act(user, id)).rejects.toBeInstanceOf(NotFoundError);
      }
    }
    expect(writes).toEqual([]);
  });

  it('an unchanged install is granted', async () => {
    const { s, writes } = store([stored()]);
    const granted = await createInstallsService({ store: s, declarations }).grant('u1', 'i1');
    expect(granted).toMatchObject({ status: 'active', granted: { event_types: ['appointment.created'] } });
    expect(writes).toHaveLength(1);
  });
});
