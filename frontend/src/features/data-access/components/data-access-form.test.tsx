import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DATA_ACCESS_MESSAGES } from '../../../../../shared/schemas/data-access';
import { renderRoute } from '../../../testing/render-screen';
import { json, stubFetch } from '../../../testing/stub-fetch';
import { DataAccessForm } from './data-access-form';

const catalogue = {
  catalogue_synced: true,
  features: [
    { id: 'patients', name: 'Patients', category: 'Clinical', description: '', table_count: 3 },
    { id: 'billing', name: 'Billing', category: 'Finance', description: '', table_count: 5 },
  ],
  event_types: [{ id: 'appointment.created', description: '' }],
};

describe('Data access form (developer)', { timeout: 20_000 }, () => {
  it('declares features, events and the BAA with a PUT, and shows the server detail on refusal', async () => {
    let status = 400;
    const server = stubFetch({
      'GET /api/data-access/catalogue': () => json(catalogue),
      'GET /api/apps/:id/data-access': () => json({ catalogue_synced: true, declaration: null }),
      'PUT /api/apps/:id/data-access': () =>
        status === 200 ? json({}) : json({ detail: DATA_ACCESS_MESSAGES.baaUrlHttps }, status),
    });
    renderRoute(<DataAccessForm appId="app-1" />);
    await userEvent.selectOptions(await screen.findByLabelText(/Patients/), 'read');
    await userEvent.click(screen.getByRole('checkbox', { name: 'appointment.created' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Business Associate Agreement/ }));
    await userEvent.type(screen.getByLabelText('BAA link (https)'), 'http://x.example.com/baa');
    await userEvent.click(screen.getByRole('button', { name: 'Save data access' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DATA_ACCESS_MESSAGES.baaUrlHttps);
    status = 200;
    await userEvent.clear(screen.getByLabelText('BAA link (https)'));
    await userEvent.type(screen.getByLabelText('BAA link (https)'), 'https://x.example.com/baa');
    await userEvent.click(screen.getByRole('button', { name: 'Save data access' }));
    expect(await screen.findByText('Data access saved.')).toBeTruthy();
    const puts = server.requests('PUT', '/api/apps/app-1/data-access');
    expect(puts.at(-1)?.body).toEqual({
      features: [{ id: 'patients', access: 'read' }],
      event_types: ['appointment.created'],
      baa_signed: true,
      baa_url: 'https://x.example.com/baa',
    });
  });

  it('says the catalogue is not synced instead of an empty list', async () => {
    stubFetch({
      'GET /api/data-access/catalogue': () => json({ catalogue_synced: false, features: [], event_types: [] }),
      'GET /api/apps/:id/data-access': () => json({ catalogue_synced: false, declaration: null }),
    });
    renderRoute(<DataAccessForm appId="app-1" />);
    expect(await screen.findByText(DATA_ACCESS_MESSAGES.notSynced)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save data access' })).toBeNull();
  });
});
