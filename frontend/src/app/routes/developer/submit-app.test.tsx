import { PAID_PRICE_REQUIRED } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { AppSubmitPayload } from '@shared/schemas/apps';
import { PERMISSIONS_MESSAGES } from '@shared/schemas/permissions';
import { wizardPayload } from '@shared/schemas/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '@/components/ui/toaster';

import { readImageSize } from '@/features/submit-app/utils/image-size';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { developerAppsHandlers, ownAppFixture } from '@/testing/handlers/developer-apps';
import { fillIn, renderRoute } from '@/testing/render-route';
import { calls, fail, failing, type Handlers, http, serve } from '@/testing/server';

vi.mock('@/features/submit-app/utils/image-size', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/features/submit-app/utils/image-size')>()),
  readImageSize: vi.fn(async () => ({ width: 512, height: 512 })),
}));

type View = ReturnType<typeof renderRoute>;

async function open(
  path = '/dashboard/submit-app',
  opts: Parameters<typeof developerAppsHandlers>[0] = {},
  extra: Handlers = [],
) {
  const fake = developerAppsHandlers(opts);
  serve(accountsHandlers(), fake.handlers, extra);
  const view = renderRoute(path, { role: 'developer' });
  return { ...view, db: fake.db };
}

// The first visit imports the lazy route and Chakra's components: allow for it.
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name }, { timeout: 15_000 });
const next = () => screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement;
const png = (name: string) => new File(['png-bytes'], name, { type: 'image/png' });

async function goNext(view: View, title: string) {
  await waitFor(() => expect(next().disabled).toBe(false));
  await view.user.click(next());
  await stepHeading(title);
}

async function fillBasics() {
  await stepHeading('Basics');
  await screen.findByRole('option', { name: 'Appointment Scheduling' });
  fillIn(/App Name/, 'Smile Scheduler');
  fillIn(/Tagline/, 'Book more, chase less');
  fillIn(/Short Description/, 'Online booking and reminders for dental practices.');
  fillIn(/^Category/, 'Appointment Scheduling');
}

/** Valid input for each step after Basics; the wizard's steps in order. */
const FILL_STEP: Record<string, () => void> = {
  'Media & Links': () => {
    fillIn(/Website URL/, 'https://smile.example.com');
    fillIn(/Icon URL/, 'https://cdn.example.com/icon.png');
  },
  Features: () => {
    fillIn('Key feature 1', 'Online booking');
    fillIn('Key feature 2', 'SMS reminders');
  },
  'Company & Pricing': () => fillIn(/Company Name/, 'Smile Co'),
  Licensing: () => fillIn(/Licensing Instructions/, 'We e-mail your login within a day.'),
};
const STEPS = ['Basics', 'Media & Links', 'Features', 'Company & Pricing', 'Licensing', 'Review'];

/**
 * Goes on from step `from` (already valid; Basics is filled here) to step `to`, filling each step
 * between them with valid input; `to` is left as it opens.
 */
async function walk(view: View, to: string, from = 'Basics') {
  if (from === 'Basics') await fillBasics();
  for (const step of STEPS.slice(STEPS.indexOf(from) + 1)) {
    await goNext(view, step);
    if (step === to) return;
    FILL_STEP[step]?.();
  }
}

/** An app of the developer whose listing passes every step, to open in edit mode. */
const completeApp = (id: string, name: string) =>
  ownAppFixture({ id, name, key_features: ['A', 'B'], company_name: 'P', icon_url: '/uploads/apps/x/i.png' });

beforeEach(() => vi.mocked(readImageSize).mockResolvedValue({ width: 512, height: 512 }));
afterEach(() => toaster.remove());

// Multi-step journeys through a real router and Chakra: generous timeouts for a busy machine.
describe('submission wizard (/dashboard/submit-app)', { timeout: 45_000 }, () => {
  it('keeps Next disabled until step 1 is valid; a 61-character tagline blocks it with the counter', async () => {
    const view = await open();
    await stepHeading('Basics');
    expect(next().disabled).toBe(true);
    expect(screen.getByRole('button', { name: /Previous/ })).toHaveProperty('disabled', true);
    await fillBasics();
    await waitFor(() => expect(next().disabled).toBe(false));

    fillIn(/Tagline/, 'x'.repeat(61));
    expect(screen.getByText('61/60')).toBeTruthy();
    expect(screen.getAllByText('Tagline must be at most 60 characters').length).toBeGreaterThan(0);
    expect(next().disabled).toBe(true);
    fillIn(/Tagline/, 'x'.repeat(60));
    expect(screen.getByText('60/60')).toBeTruthy();
    expect(next().disabled).toBe(false);
    fillIn(/Short Description/, 'y'.repeat(151));
    expect(screen.getByText('151/150')).toBeTruthy();
    expect(next().disabled).toBe(true);
    expect(view.location().pathname).toBe('/dashboard/submit-app');
  });

  it('adds tags with Enter, trimmed and without duplicates, and removes them', async () => {
    const { user } = await open();
    await stepHeading('Basics');
    const tags = screen.getByLabelText(/^Tags/);
    await user.type(tags, '  scheduling  {Enter}');
    await user.type(tags, 'SMS{Enter}');
    await user.type(tags, 'Scheduling{Enter}');
    const list = within(screen.getByRole('list', { name: 'tags' }));
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['scheduling', 'SMS']);
    expect(screen.getByText('"Scheduling" is already added')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove tag SMS' }));
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['scheduling']);
  });

  it('step circles open only when the steps before them are valid', async () => {
    const view = await open();
    await stepHeading('Basics');
    const circle = (n: number) => screen.getByRole('button', { name: new RegExp(`^Step ${n}:`) }) as HTMLButtonElement;
    expect(circle(1).getAttribute('aria-current')).toBe('step');
    expect(circle(2).disabled).toBe(true);
    await fillBasics();
    await waitFor(() => expect(circle(2).disabled).toBe(false));
    expect(circle(3).disabled).toBe(true);
    await view.user.click(circle(2));
    await stepHeading('Media & Links');
    await view.user.click(circle(1));
    await stepHeading('Basics');
  });

  it('keeps the first 3 feature slots, needs 2 filled features, and lets extra slots be removed', async () => {
    const view = await open();
    await walk(view, 'Features');

    expect(screen.getByLabelText('Key feature 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove key feature/ })).toBeNull();
    expect(screen.getByLabelText('Use case 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove use case/ })).toBeNull();

    fillIn('Key feature 1', 'Online booking');
    expect(next().disabled).toBe(true);
    expect(screen.getAllByText('At least 2 key features are required').length).toBeGreaterThan(0);

    await view.user.click(screen.getByRole('button', { name: /Add feature/ }));
    expect(screen.getByRole('button', { name: 'Remove key feature 4' })).toBeTruthy();
    fillIn('Key feature 4', 'Reminders');
    expect(next().disabled).toBe(false);
    await view.user.click(screen.getByRole('button', { name: 'Remove key feature 4' }));
    expect(screen.queryByLabelText('Key feature 4')).toBeNull();
    expect(next().disabled).toBe(true);
  });

  it('shows the billing period only for a subscription and hides the price for a free app', async () => {
    const view = await open();
    await walk(view, 'Company & Pricing');

    expect(screen.queryByLabelText(/Price \(USD\)/)).toBeNull();
    expect(screen.queryByLabelText(/Billing Period/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Pricing Model/), { target: { value: 'one_time' } });
    expect(screen.getByLabelText(/Price \(USD\)/)).toBeTruthy();
    expect(screen.queryByLabelText(/Billing Period/)).toBeNull();
    fireEvent.change(screen.getByLabelText(/Pricing Model/), { target: { value: 'subscription' } });
    expect((screen.getByLabelText(/Billing Period/) as HTMLSelectElement).value).toBe('monthly');
    expect(
      within(screen.getByLabelText(/Billing Period/))
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['monthly', 'yearly', 'per_user_monthly', 'per_location']);

    fillIn(/Company Name/, 'Smile Co');
    fillIn(/Price \(USD\)/, '-5');
    expect(next().disabled).toBe(true);
    fillIn(/Price \(USD\)/, '49.99');
    fillIn(/Founded Year/, '1899');
    expect(next().disabled).toBe(true);
    fillIn(/Founded Year/, '2015');
    expect(next().disabled).toBe(false);
  });

  it("shows the server's pricing rules on their fields at step 4: $0 for a paid model, the price maximum, the trial cap", async () => {
    const view = await open();
    await walk(view, 'Company & Pricing');
    fillIn(/Company Name/, 'Smile Co');
    fireEvent.change(screen.getByLabelText(/Pricing Model/), { target: { value: 'one_time' } });
    const price = () => screen.getByLabelText(/Price \(USD\)/);
    const trial = () => screen.getByLabelText(/Free Trial Days/);
    // A trial is a subscription's only: a one-time licence offers no field for it.
    expect(screen.queryByLabelText(/Free Trial Days/)).toBeNull();

    fillIn(/Price \(USD\)/, '0');
    expect(await screen.findByText(PAID_PRICE_REQUIRED)).toBeTruthy();
    expect(price().getAttribute('aria-invalid')).toBe('true');
    expect(next().disabled).toBe(true);

    fillIn(/Price \(USD\)/, '1000000');
    expect(await screen.findByText('Price must be at most 999999.99')).toBeTruthy();
    expect(next().disabled).toBe(true);

    fillIn(/Price \(USD\)/, '49');
    fireEvent.change(screen.getByLabelText(/Pricing Model/), { target: { value: 'subscription' } });
    fillIn(/Free Trial Days/, '366');
    expect(await screen.findByText('Free trial days must be at most 365')).toBeTruthy();
    expect(trial().getAttribute('aria-invalid')).toBe('true');
    expect(price().getAttribute('aria-invalid')).toBeNull();
    expect(next().disabled).toBe(true);

    fillIn(/Free Trial Days/, '365');
    await waitFor(() => expect(next().disabled).toBe(false));
  });

  it('counts licence keys one per line without blank lines', async () => {
    const view = await open();
    await walk(view, 'Licensing');

    expect(next().disabled).toBe(true);
    await view.user.click(screen.getByRole('radio', { name: /License key pool/ }));
    await screen.findByLabelText(/License Keys/);
    fillIn(/License Keys/, '\n  \n');
    expect(screen.getByTestId('license-key-count').textContent).toBe('0 keys');
    expect(next().disabled).toBe(true);
    fillIn(/License Keys/, 'KEY-1\n\n  KEY-2  \n\n');
    expect(screen.getByTestId('license-key-count').textContent).toBe('2 keys');
    expect(next().disabled).toBe(false);
    await view.user.click(screen.getByRole('radio', { name: /Your licence webhook/ }));
    // The radio card group reports its change after the click settles; under load that is a tick later.
    expect(await screen.findByText(/How the licence webhook works/)).toBeTruthy();
    expect(next().disabled).toBe(true);
  });

  it('uploads a checked icon (kind=icon) and screenshots, refusing a small icon and an 11th screenshot', async () => {
    const view = await open();
    await fillBasics();
    await goNext(view, 'Media & Links');

    vi.mocked(readImageSize).mockResolvedValueOnce({ width: 200, height: 200 });
    await view.user.upload(screen.getByLabelText('Icon file'), png('small.png'));
    expect(await screen.findByText(/The icon must be a square image of at least 256x256 pixels/)).toBeTruthy();
    expect(calls('POST /api/upload/presign')).toHaveLength(0);

    vi.mocked(readImageSize).mockResolvedValueOnce({ width: 256, height: 256 });
    await view.user.upload(screen.getByLabelText('Icon file'), png('icon.png'));
    await waitFor(() =>
      expect((screen.getByLabelText(/Icon URL/) as HTMLInputElement).value).toMatch(/icon-1-icon\.png$/),
    );
    const iconCall = calls('POST /api/upload/presign')[0];
    expect(iconCall?.body).toMatchObject({ kind: 'icon', files: [{ name: 'icon.png' }] });
    // The file itself goes to storage as the last field of the signed form, then is confirmed.
    expect((calls('POST /fake-s3/uploads')[0]?.body as FormData | undefined)?.get('file')).toBeTruthy();
    expect(calls('POST /api/upload/confirm')[0]?.body).toMatchObject({
      kind: 'icon',
      keys: ['pending/icon.png'],
    });

    await view.user.upload(screen.getByLabelText('Screenshot files'), [png('one.png'), png('two.png')]);
    expect(await screen.findByRole('img', { name: 'Screenshot 2' })).toBeTruthy();
    expect(calls('POST /api/upload/presign')[1]?.body).toMatchObject({ kind: 'screenshot' });

    const nine = Array.from({ length: 9 }, (_, i) => png(`s${i}.png`));
    await view.user.upload(screen.getByLabelText('Screenshot files'), nine);
    expect(await screen.findByText(MSG.maxScreenshots)).toBeTruthy();
    expect(calls('POST /api/upload/presign')).toHaveLength(2);

    await view.user.click(screen.getByRole('button', { name: 'Remove screenshot 1' }));
    expect(screen.queryByRole('img', { name: 'Screenshot 2' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Screenshot 1' })).toBeTruthy();
  });

  it('shows the upload failure detail or the fallback text', async () => {
    const view = await open('/dashboard/submit-app', {}, failing('POST /api/upload/confirm', 500));
    await fillBasics();
    await goNext(view, 'Media & Links');
    await view.user.upload(screen.getByLabelText('Screenshot files'), [png('one.png')]);
    expect(await screen.findByText(MSG.failedUploadScreenshots)).toBeTruthy();
  });

  it('submits the full payload with its metadata object to /api/apps/submit, then goes to My Apps', {
    timeout: 90_000,
  }, async () => {
    const view = await open();
    await fillBasics();
    const tags = screen.getByLabelText(/^Tags/);
    await view.user.type(tags, 'booking{Enter}sms{Enter}');
    await goNext(view, 'Media & Links');
    fillIn(/Website URL/, 'https://smile.example.com');
    await view.user.upload(screen.getByLabelText('Icon file'), png('icon.png'));
    await waitFor(() => expect((screen.getByLabelText(/Icon URL/) as HTMLInputElement).value).not.toBe(''));
    await view.user.upload(screen.getByLabelText('Screenshot files'), [png('a.png'), png('b.png')]);
    await screen.findByRole('img', { name: 'Screenshot 2' });
    fillIn(/Privacy Policy URL/, 'https://smile.example.com/privacy');
    await goNext(view, 'Features');
    fillIn('Key feature 1', 'Online booking');
    fillIn('Key feature 2', 'SMS reminders');
    fillIn('Use case 1', 'Front desk');
    await goNext(view, 'Company & Pricing');
    fillIn(/Company Name/, 'Smile Co');
    fireEvent.change(screen.getByLabelText(/Company Size/), { target: { value: '11-50' } });
    fillIn(/Founded Year/, '2015');
    fireEvent.change(screen.getByLabelText(/Pricing Model/), { target: { value: 'subscription' } });
    fillIn(/Price \(USD\)/, '49.99');
    fireEvent.change(screen.getByLabelText(/Billing Period/), { target: { value: 'yearly' } });
    fillIn(/Free Trial Days/, '14');
    await goNext(view, 'Licensing');
    await view.user.click(screen.getByRole('radio', { name: /License key pool/ }));
    await screen.findByLabelText(/License Keys/);
    fillIn(/License Keys/, 'KEY-1\n\nKEY-2\n');
    await goNext(view, 'Review');

    const submit = screen.getByRole('button', { name: /Submit for Review/ }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByText(/reviews submissions within 3 to 5 business days/)).toBeTruthy();
    expect(screen.getByText(/20% platform fee/)).toBeTruthy();
    await view.user.click(screen.getByRole('checkbox', { name: /I confirm/ }));
    await waitFor(() => expect(submit.disabled).toBe(false));
    await view.user.click(submit);

    expect(await screen.findByText(MSG.appSubmitted, {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(view.location().pathname).toBe('/dashboard/apps'));
    const body = calls('POST /api/apps/submit')[0]?.body as AppSubmitPayload;
    expect(body).toEqual(
      wizardPayload({
        short_description: 'Online booking and reminders for dental practices.',
        icon_url: '/uploads/icon-1-icon.png',
        free_trial_days: 14,
        metadata: {
          screenshots: ['/uploads/screenshot-2-a.png', '/uploads/screenshot-3-b.png'],
          use_cases: ['Front desk'],
          company_size: '11-50',
          privacy_policy_url: 'https://smile.example.com/privacy',
        },
      }),
    );
    // The URL changes before the lazily loaded My Apps replaces the wizard's Review step (which shows the name too).
    await screen.findByRole('heading', { name: 'My Apps' }, { timeout: 15_000 });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Submit for Review/ })).toBeNull());
    expect(await screen.findByText('Smile Scheduler')).toBeTruthy();
  });

  it('shows the server detail, or the fallback, when submitting fails', async () => {
    let answer = fail(400, 'Category "Foo" is not one of the marketplace categories');
    const view = await open(
      '/dashboard/submit-app',
      {},
      http.post('/api/apps/submit', () => answer),
    );
    await walk(view, 'Review');
    await view.user.click(screen.getByRole('checkbox', { name: /I confirm/ }));
    await view.user.click(screen.getByRole('button', { name: /Submit for Review/ }));
    expect(await screen.findByText('Category "Foo" is not one of the marketplace categories')).toBeTruthy();
    answer = fail(500);
    await view.user.click(await screen.findByRole('button', { name: /Submit for Review/ }));
    expect(await screen.findByText(MSG.failedWizardApp('submit'))).toBeTruthy();
    expect(view.location().pathname).toBe('/dashboard/submit-app');
  });

  it('edit mode loads the app, lets any step be opened, and PUTs to /update', async () => {
    const app = ownAppFixture({
      id: 'a7',
      name: 'Xray Vision',
      tagline: 'See more',
      short_description: 'AI x-ray reading',
      category: 'Imaging & X-Ray',
      tags: 'ai,xray',
      website_url: 'https://xray.example.com',
      icon_url: '/uploads/xray.png',
      key_features: ['Detect caries', 'Measure bone loss'],
      company_name: 'Xray Co',
      founded_year: 2019,
      pricing_model: 'one_time',
      price: 299,
      licensing_type: 'universal_code',
      universal_access_code: 'XRAY-2025',
      is_approved: true,
    });
    const view = await open('/dashboard/submit-app?mode=edit&appId=a7', { apps: [app] });
    await screen.findByRole('heading', { name: 'Edit Marketplace Listing' });
    expect((screen.getByLabelText(/App Name/) as HTMLInputElement).value).toBe('Xray Vision');
    expect(within(screen.getByRole('list', { name: 'tags' })).getAllByRole('listitem')).toHaveLength(2);

    await view.user.click(screen.getByRole('button', { name: /^Step 5:/ }));
    await stepHeading('Licensing');
    expect((screen.getByLabelText(/Universal Access Code/) as HTMLInputElement).value).toBe('XRAY-2025');
    await view.user.click(screen.getByRole('button', { name: /^Step 4:/ }));
    expect((screen.getByLabelText(/Price \(USD\)/) as HTMLInputElement).value).toBe('299');
    fillIn(/Price \(USD\)/, '249');
    await view.user.click(screen.getByRole('button', { name: /^Step 6:/ }));
    await stepHeading('Review');
    await view.user.click(screen.getByRole('checkbox', { name: /I confirm/ }));
    await view.user.click(screen.getByRole('button', { name: /Save Changes/ }));

    expect(await screen.findByText(MSG.appUpdated)).toBeTruthy();
    await waitFor(() => expect(view.location().pathname).toBe('/dashboard/apps'));
    const body = calls('PUT /api/apps/a7/update')[0]?.body as AppSubmitPayload;
    expect(body.price).toBe(249);
    expect(body.tags).toBe('ai,xray');
    expect(body.universal_access_code).toBe('XRAY-2025');
    expect(body.founded_year).toBe('2019');
    expect(calls('POST /api/apps/submit')).toHaveLength(0);
    // The permissions step was not touched: its declaration is left as it is.
    expect(calls('PUT /api/apps/a7/data-access')).toHaveLength(0);
  });

  it('edit mode: a failing update shows the update fallback text', async () => {
    const app = completeApp('a8', 'Perio');
    const view = await open(
      '/dashboard/submit-app?mode=edit&appId=a8',
      { apps: [app] },
      failing('PUT /api/apps/:id/update', 500),
    );
    await screen.findByRole('heading', { name: 'Edit Marketplace Listing' });
    await view.user.click(screen.getByRole('button', { name: /^Step 6:/ }));
    await view.user.click(await screen.findByRole('checkbox', { name: /I confirm/ }));
    await view.user.click(screen.getByRole('button', { name: /Save Changes/ }));
    expect(await screen.findByText(MSG.failedWizardApp('update'))).toBeTruthy();
  });

  it('edit mode: an app that cannot be loaded says so and goes back to My Apps', async () => {
    const view = await open('/dashboard/submit-app?mode=edit&appId=missing');
    expect(await screen.findByText(MSG.failedLoadAppData)).toBeTruthy();
    await waitFor(() => expect(view.location().pathname).toBe('/dashboard/apps'));
  });
});

describe('permissions in step 3 (Features)', { timeout: 45_000 }, () => {
  async function toFeatures(view: View) {
    await walk(view, 'Features');
    FILL_STEP.Features?.();
  }
  const fromCompanyToSubmit = (view: View) => walk(view, 'Review', 'Features');

  it('declares features, an event type and the BAA; an http BAA link blocks Next; saved after the submit', async () => {
    const view = await open();
    await toFeatures(view);
    const section = within(screen.getByRole('region', { name: 'Permissions' }));
    fireEvent.change(await section.findByLabelText(/Patients/), { target: { value: 'read' } });
    await view.user.click(section.getByRole('checkbox', { name: 'appointment.created' }));
    await view.user.click(section.getByRole('checkbox', { name: /Business Associate Agreement/ }));
    fillIn('BAA link (https)', 'http://smile.example.com/baa');
    expect((await section.findByRole('alert')).textContent).toBe(PERMISSIONS_MESSAGES.baaUrlHttps);
    expect(next().disabled).toBe(true);
    fillIn('BAA link (https)', 'https://smile.example.com/baa');
    await fromCompanyToSubmit(view);
    expect(screen.getByText('1 feature, 1 event type; signs a BAA')).toBeTruthy();
    await view.user.click(screen.getByRole('checkbox', { name: /I confirm/ }));
    await view.user.click(screen.getByRole('button', { name: /Submit for Review/ }));

    expect(await screen.findByText(MSG.appSubmitted)).toBeTruthy();
    await waitFor(() => expect(view.location().pathname).toBe('/dashboard/apps'));
    const created = view.db[0]?.id ?? '';
    const puts = calls(`PUT /api/apps/${created}/data-access`);
    expect(puts.map((r) => r.body)).toEqual([
      {
        features: [{ id: 'patients', access: 'read' }],
        event_types: ['appointment.created'],
        baa_signed: true,
        baa_url: 'https://smile.example.com/baa',
      },
    ]);
  });

  it('says the catalogue has not been synced instead of an empty list, and submits without a declaration', async () => {
    const view = await open('/dashboard/submit-app', {
      catalogue: { catalogue_synced: false, features: [], event_types: [] },
    });
    await toFeatures(view);
    const section = within(screen.getByRole('region', { name: 'Permissions' }));
    expect(await section.findByText(PERMISSIONS_MESSAGES.notSynced)).toBeTruthy();
    expect(section.queryByRole('combobox')).toBeNull();
    expect(section.queryByRole('checkbox')).toBeNull();
    await fromCompanyToSubmit(view);
    await view.user.click(screen.getByRole('checkbox', { name: /I confirm/ }));
    await view.user.click(screen.getByRole('button', { name: /Submit for Review/ }));
    expect(await screen.findByText(MSG.appSubmitted)).toBeTruthy();
    expect(calls().filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('edit mode: the step starts from the saved declaration, and a change is saved with the listing', async () => {
    const app = completeApp('a9', 'Perio Chart');
    const declaration = {
      features: [{ id: 'billing', name: 'Billing', description: '', access: 'write' as const, tables: [] }],
      event_types: [],
      baa_signed: false,
      baa_url: null,
      updated_at: '2025-03-01T10:00:00.000Z',
    };
    const view = await open('/dashboard/submit-app?mode=edit&appId=a9', {
      apps: [app],
      declarations: { a9: declaration },
    });
    await screen.findByRole('heading', { name: 'Edit Marketplace Listing' });
    await view.user.click(screen.getByRole('button', { name: /^Step 3:/ }));
    const section = within(await screen.findByRole('region', { name: 'Permissions' }));
    const billing = (await section.findByLabelText(/Billing/)) as HTMLSelectElement;
    expect(billing.value).toBe('write');
    fireEvent.change(billing, { target: { value: 'read_write' } });
    await view.user.click(screen.getByRole('button', { name: /^Step 6:/ }));
    expect(screen.getByText('1 feature, 0 event types; no BAA')).toBeTruthy();
    await view.user.click(await screen.findByRole('checkbox', { name: /I confirm/ }));
    await view.user.click(screen.getByRole('button', { name: /Save Changes/ }));
    expect(await screen.findByText(MSG.appUpdated)).toBeTruthy();
    await waitFor(() => expect(calls('PUT /api/apps/a9/data-access')).toHaveLength(1));
    expect(calls('PUT /api/apps/a9/data-access')[0]?.body).toEqual({
      features: [{ id: 'billing', access: 'read_write' }],
      event_types: [],
      baa_signed: false,
      baa_url: null,
    });
  });
});

describe('quick form (/dashboard/submit-app?mode=simple)', { timeout: 30_000 }, () => {
  /** Saves the quick form with `button`, waits for the success `message` and returns the body sent to `route`. */
  async function save(view: View, button: RegExp, message: string, route: string) {
    await view.user.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText(message)).toBeTruthy();
    return calls(route)[0]?.body;
  }

  it('requires a name and a type and a valid website, then creates the app', async () => {
    const view = await open('/dashboard/submit-app?mode=simple');
    await screen.findByRole('heading', { name: 'Quick Create' });
    await view.user.click(screen.getByRole('button', { name: /Create App/ }));
    // The form validates asynchronously: wait for the errors to render.
    expect(await screen.findByText('App name is required')).toBeTruthy();
    expect(screen.getByText(/^App type is required/)).toBeTruthy();

    fillIn(/App Name/, 'Front Desk Sync');
    fireEvent.change(screen.getByLabelText(/App Type/), { target: { value: 'internal' } });
    fillIn(/Website URL/, 'nope');
    await view.user.click(screen.getByRole('button', { name: /Create App/ }));
    expect(await screen.findByText('Website URL must be a valid URL')).toBeTruthy();
    expect(calls('POST /api/apps')).toHaveLength(0);

    fillIn(/Website URL/, 'https://desk.example.com');
    fillIn(/Description/, 'Syncs the front desk');
    expect(await save(view, /Create App/, MSG.appCreated, 'POST /api/apps')).toEqual({
      name: 'Front Desk Sync',
      type: 'internal',
      description: 'Syncs the front desk',
      website_url: 'https://desk.example.com',
      practice_systems: [],
    });
    await waitFor(() => expect(view.location().pathname).toBe('/dashboard/apps'));
  });

  it("checks with the server's schema: a description over 5000 characters shows on its field", async () => {
    const view = await open('/dashboard/submit-app?mode=simple');
    await screen.findByRole('heading', { name: 'Quick Create' });
    fillIn(/App Name/, 'Front Desk Sync');
    fireEvent.change(screen.getByLabelText(/App Type/), { target: { value: 'internal' } });
    fillIn(/Description/, 'd'.repeat(5001));
    await view.user.click(screen.getByRole('button', { name: /Create App/ }));
    expect(await screen.findByText('Description must be at most 5000 characters')).toBeTruthy();
    expect(screen.getByLabelText(/Description/).getAttribute('aria-invalid')).toBe('true');
    expect(calls('POST /api/apps')).toHaveLength(0);
  });

  it('shows the server detail or the create fallback', async () => {
    const view = await open('/dashboard/submit-app?mode=simple', {}, failing('POST /api/apps', 500));
    await screen.findByRole('heading', { name: 'Quick Create' });
    fillIn(/App Name/, 'X');
    fireEvent.change(screen.getByLabelText(/App Type/), { target: { value: 'partner' } });
    await view.user.click(screen.getByRole('button', { name: /Create App/ }));
    expect(await screen.findByText(MSG.failedQuickApp('create'))).toBeTruthy();
  });

  it('edit mode (simple=true) loads the app, disables the type and PUTs without it', async () => {
    const app = ownAppFixture({ id: 'i1', name: 'Front Desk Sync', type: 'internal', description: 'Old' });
    const view = await open('/dashboard/submit-app?mode=edit&appId=i1&simple=true', { apps: [app] });
    await screen.findByRole('heading', { name: 'Edit App' });
    const type = screen.getByLabelText(/App Type/) as HTMLSelectElement;
    expect(type.value).toBe('internal');
    expect(type.disabled).toBe(true);
    fillIn(/Description/, 'New');
    expect(await save(view, /Save Changes/, MSG.appUpdated, 'PUT /api/apps/i1')).toEqual({
      name: 'Front Desk Sync',
      description: 'New',
      website_url: 'https://example.com',
      practice_systems: [],
    });
  });

  it('edit mode shows the update fallback when saving fails', async () => {
    const app = ownAppFixture({ id: 'i2', name: 'Partner Bridge', type: 'partner' });
    const view = await open(
      '/dashboard/submit-app?mode=edit&appId=i2&simple=true',
      { apps: [app] },
      failing('PUT /api/apps/:id', 500),
    );
    await screen.findByRole('heading', { name: 'Edit App' });
    await view.user.click(screen.getByRole('button', { name: /Save Changes/ }));
    expect(await screen.findByText(MSG.failedQuickApp('update'))).toBeTruthy();
  });
});
