import type { PermissionsView } from '@shared/schemas/permissions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/testing/render-screen';
import { calls, fail, HttpResponse, http, serve } from '@/testing/server';
import { PERMISSIONS_TEXTS, PermissionsSection } from './permissions-section';

const declared = {
  catalogue_synced: true,
  declaration: {
    features: [
      {
        id: 'appointments',
        name: 'Appointments',
        description: 'Scheduled visits',
        access: 'read_write',
        tables: [
          { name: 'appointment', column_count: 42 },
          { name: 'schedule', column_count: 1 },
        ],
      },
      {
        id: 'patients',
        name: 'Patients',
        description: '',
        access: 'read',
        tables: [{ name: 'patient', column_count: 7 }],
      },
    ],
    event_types: [{ id: 'appointment.created', description: 'A visit was booked' }],
    baa_signed: true,
    baa_url: 'https://vendor.example.com/baa',
    updated_at: '2026-11-01T00:00:00.000Z',
  },
} satisfies PermissionsView;

function renderSection(view: PermissionsView | null, scope: 'public' | 'review' = 'public') {
  const answer = () => (view ? HttpResponse.json(view) : fail(404, 'Not found'));
  serve(http.get('/api/marketplace/apps/:id/data-access', answer), http.get('/api/apps/:id/data-access', answer));
  renderRoute(<PermissionsSection appId="app-1" scope={scope} />);
}

describe('Permissions section', () => {
  it('lists features with their access, expands to tables with column counts, shows events and the BAA link', async () => {
    renderSection(declared);
    const section = await screen.findByRole('region', { name: 'Permissions' });
    expect(await within(section).findByText('Appointments')).toBeTruthy();
    expect(within(section).getByText('Reads and writes')).toBeTruthy();
    expect(within(section).getByText('Reads')).toBeTruthy();
    expect(within(section).queryByText('appointment')).toBeNull();

    const expand = within(section).getByRole('button', { name: 'Show 2 tables of Appointments' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(expand);
    expect(expand.getAttribute('aria-expanded')).toBe('true');
    expect(within(section).getByText('appointment')).toBeTruthy();
    expect(within(section).getByText(/42 columns/)).toBeTruthy();
    expect(within(section).getByText(/1 column$/)).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: 'Hide 2 tables of Appointments' }));
    expect(within(section).queryByText('appointment')).toBeNull();

    expect(within(section).getByText('appointment.created')).toBeTruthy();
    expect(within(section).getByText(PERMISSIONS_TEXTS.baaYes)).toBeTruthy();
    const link = within(section).getByRole('link', { name: /Business Associate Agreement/ });
    expect(link.getAttribute('href')).toBe('https://vendor.example.com/baa');
    expect(calls('GET /api/marketplace/apps/app-1/data-access')).toHaveLength(1);
  });

  it('says plainly when the catalogue has not been synced', async () => {
    renderSection({ catalogue_synced: false, declaration: null });
    expect(await screen.findByText(PERMISSIONS_TEXTS.notSynced)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says plainly when the developer declared nothing', async () => {
    renderSection({ catalogue_synced: true, declaration: null });
    expect(await screen.findByText(PERMISSIONS_TEXTS.nothingDeclared)).toBeTruthy();
  });

  it('states that no BAA is signed when the developer declares none', async () => {
    renderSection({
      catalogue_synced: true,
      declaration: { ...declared.declaration, baa_signed: false, baa_url: null },
    });
    expect(await screen.findByText(PERMISSIONS_TEXTS.baaNo)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('reads the owner/admin route in review scope', async () => {
    renderSection(declared, 'review');
    expect(await screen.findByText('Appointments')).toBeTruthy();
    expect(calls('GET /api/apps/app-1/data-access')).toHaveLength(1);
  });
});
