import { PERMISSIONS_MESSAGES } from '@shared/schemas/permissions';
import { describe, expect, it } from 'vitest';
import { appRecord } from '../apps/testing';
import { createPermissionsService } from './permissions-service';

describe('permissions before the catalogue is synced', () => {
  const service = createPermissionsService({
    catalogue: {
      features: async () => [],
      eventTypes: async () => [],
      counts: async () => ({ features: 0, event_types: 0, tables: 0, relationships: 0 }),
    },
    store: {
      get: async () => undefined,
      put: async () => {
        throw new Error('must not store');
      },
      remove: async () => {
        throw new Error('must not remove');
      },
    },
    apps: {
      getById: async () => undefined,
      save: async () => {
        throw new Error('must not save');
      },
    },
  });

  it('says the catalogue is not synced instead of offering an empty list, and refuses a declaration', async () => {
    expect(await service.catalogue()).toEqual({ catalogue_synced: false, features: [], event_types: [] });
    expect(await service.view('app-1')).toEqual({ catalogue_synced: false, declaration: null });
    await expect(
      service.declare(appRecord({ id: 'app-1' }), { features: [], event_types: [], baa_signed: false, baa_url: null }),
    ).rejects.toMatchObject({
      status: 409,
      message: PERMISSIONS_MESSAGES.notSynced,
    });
  });
});
