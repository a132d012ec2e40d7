import { MSG } from '@shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '@/components/ui/toaster';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { syncHandlers } from '@/testing/handlers/sync';
import { fillIn, renderRoute } from '@/testing/render-route';
import { calls, fail, failing, type Handlers, http, serve } from '@/testing/server';

afterEach(() => toaster.remove());

function open(opts: Parameters<typeof syncHandlers>[0] = {}, extra: Handlers = []) {
  const fake = syncHandlers(opts);
  serve(accountsHandlers(), fake.handlers, extra);
  const view = renderRoute('/admin/internal-sync', { role: 'admin' });
  return { ...view, fake };
}

const tile = (label: string) => within(screen.getByRole('region', { name: label }));
const syncNow = () => screen.getByRole('button', { name: /Sync Now|Sync running/ }) as HTMLButtonElement;

describe('Admin Internal Sync (/admin/internal-sync)', { timeout: 30_000 }, () => {
  it('runs Sync Now: disabled while running, reloads 2 s after the start, keeps polling and fills the tiles', async () => {
    const loads: number[] = [];
    // Notes when the tables are read, then lets the sync handlers answer.
    const { user, fake } = open(
      {},
      http.get('/api/internal-sync/tables', () => {
        loads.push(Date.now());
      }),
    );
    await screen.findByRole('heading', { name: 'Internal Sync' });
    await waitFor(() => expect(tile('Tables').getByText('0')).toBeTruthy());
    expect(tile('Last Sync').getByText('Never')).toBeTruthy();
    expect(await screen.findByText('No features yet')).toBeTruthy();

    const clicked = Date.now();
    await user.click(syncNow());
    expect(await screen.findByText('Internal sync started')).toBeTruthy();
    expect(calls('POST /api/internal-sync/load')).toHaveLength(1);
    await waitFor(() => expect(syncNow().disabled).toBe(true));
    // The lists reload 2 s after the start (not before).
    await waitFor(() => expect(loads.some((t) => t >= clicked)).toBe(true));
    expect((loads.find((t) => t >= clicked) as number) - clicked).toBeGreaterThanOrEqual(1900);
    expect(syncNow().disabled).toBe(true);

    // The run ends: the polling status notices, the lists reload and the tiles fill.
    fake.finish('succeeded');
    await waitFor(() => expect(tile('Tables').getByText('4')).toBeTruthy(), { timeout: 8000 });
    expect(tile('Event Types').getByText('3')).toBeTruthy();
    expect(tile('Features').getByText('2')).toBeTruthy();
    expect(tile('Last Sync').queryByText('Never')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Appointment Scheduling' })).toBeTruthy();
    await waitFor(() => expect(syncNow().disabled).toBe(false));
  });

  it('says "Internal sync failed: {detail}" when the start is refused and when the run ends failed', async () => {
    const { user, fake } = open();
    await screen.findByRole('heading', { name: 'Internal Sync' });
    serve(http.post('/api/internal-sync/load', () => fail(409, 'A full sync is already running'), { once: true }));
    await user.click(syncNow());
    expect(await screen.findByText(MSG.internalSyncFailed('A full sync is already running'))).toBeTruthy();
    await waitFor(() => expect(syncNow().disabled).toBe(false));

    await user.click(syncNow());
    await waitFor(() => expect(syncNow().disabled).toBe(true));
    fake.finish('failed', 'Internal system did not answer within 5000 ms');
    expect(
      await screen.findByText(
        MSG.internalSyncFailed('Internal system did not answer within 5000 ms'),
        {},
        { timeout: 8000 },
      ),
    ).toBeTruthy();
    await waitFor(() => expect(syncNow().disabled).toBe(false));
  });

  it('searches only on Enter and filters by category, with All Categories first', async () => {
    const { user } = open({ loaded: true });
    await screen.findByRole('heading', { name: 'Clinical Charting' });
    const select = screen.getByLabelText('Feature category') as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBe(3));
    expect([...select.options].map((o) => o.textContent)).toEqual(['All Categories', 'Clinical', 'Scheduling']);

    fillIn('Search features', 'tooth');
    expect(calls('GET /api/internal-sync/features').every((r) => !r.query.get('search'))).toBe(true);
    await user.type(screen.getByLabelText('Search features'), '{Enter}');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Appointment Scheduling' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Clinical Charting' })).toBeTruthy();
    expect(calls('GET /api/internal-sync/features').some((r) => r.query.get('search') === 'tooth')).toBe(true);

    fillIn('Search features', '');
    await user.type(screen.getByLabelText('Search features'), '{Enter}');
    await user.selectOptions(select, 'Scheduling');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Clinical Charting' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Appointment Scheduling' })).toBeTruthy();
    expect(calls('GET /api/internal-sync/features').some((r) => r.query.get('category') === 'Scheduling')).toBe(true);

    fillIn('Search features', 'nothing like this');
    await user.type(screen.getByLabelText('Search features'), '{Enter}');
    expect(await screen.findByText('No features match your search')).toBeTruthy();
  });

  it('shows a feature row with category / module and counts; expanding lists pre-checked event types and tables; Save Links links them', async () => {
    const { user } = open({
      loaded: true,
      links: { scheduling: { events: ['appointment.created'], tables: ['appointment'] } },
    });
    const row = within(await screen.findByTestId('feature-scheduling'));
    expect(row.getByText('Book and move appointments')).toBeTruthy();
    expect(row.getByText('Scheduling / Appointments')).toBeTruthy();
    expect(row.getByText('1 event')).toBeTruthy();
    expect(row.getByText('1 table')).toBeTruthy();

    const expand = row.getByRole('button', { name: 'Link events of Appointment Scheduling' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    await user.click(expand);
    expect(
      row.getByRole('button', { name: 'Hide links of Appointment Scheduling' }).getAttribute('aria-expanded'),
    ).toBe('true');
    const box = (name: RegExp) => row.getByRole('checkbox', { name }) as HTMLInputElement;
    await waitFor(() => expect(box(/^appointment\.created/).checked).toBe(true));
    expect(box(/^appointment\.updated/).checked).toBe(false);
    expect(box(/^appointment 64 columns/).checked).toBe(true);
    expect(box(/^patient 108 columns/).checked).toBe(false);
    // Each table shows its column count and the tables it references.
    expect(row.getByText('64 columns · references patient, provider')).toBeTruthy();
    expect(row.getByText('37 columns · references no table')).toBeTruthy();

    await user.click(box(/^appointment\.updated/));
    await user.click(box(/^patient 108/));
    await user.click(box(/^provider 37/));
    await user.click(row.getByRole('button', { name: 'Save Links' }));
    expect(await screen.findByText(MSG.linked(2, 3))).toBeTruthy();
    const sent = calls('POST /api/internal-sync/features/scheduling/link-events')[0]?.body as {
      feature_id: string;
      event_type_ids: string[];
      table_ids: string[];
    };
    expect(sent.feature_id).toBe('scheduling');
    expect(sent.event_type_ids.sort()).toEqual(['appointment.created', 'appointment.updated']);
    expect(sent.table_ids.sort()).toEqual(['appointment', 'patient', 'provider']);
    // The row's counts follow the saved links.
    await waitFor(() => expect(row.getByText('2 events')).toBeTruthy());
    expect(row.getByText('3 tables')).toBeTruthy();
  });

  it("says 'Failed to save links' when the server refuses the links", async () => {
    const { user } = open(
      { loaded: true },
      failing('POST /api/internal-sync/features/:id/link-events', 400, 'Unknown tables: ghost'),
    );
    const row = within(await screen.findByTestId('feature-charting'));
    await user.click(row.getByRole('button', { name: /Link events of Clinical Charting/ }));
    await user.click(await row.findByRole('checkbox', { name: /^patient\.updated/ }));
    await user.click(row.getByRole('button', { name: 'Save Links' }));
    expect(await screen.findByText(MSG.failedSaveLinks)).toBeTruthy();
  });

  it('gives empty lists when the sync list calls fail', async () => {
    open({ loaded: true, failLists: true });
    expect(await screen.findByText('No features yet')).toBeTruthy();
    const select = screen.getByLabelText('Feature category') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['All Categories']);
    await waitFor(() => expect(tile('Tables').getByText('4')).toBeTruthy());
  });
});
