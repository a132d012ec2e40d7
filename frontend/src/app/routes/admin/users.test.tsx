import { MSG } from '@shared/messages';
import { INVITATION_SENT } from '@shared/schemas/admin-users';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '@/components/ui/toaster';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { adminUserFixture, adminUsersHandlers } from '@/testing/handlers/admin-users';
import { fillIn, renderRoute } from '@/testing/render-route';
import { calls, expectDetailThenFallback, fail, failing, type Handlers, http, serve } from '@/testing/server';
import { columnHeaders } from '@/testing/table';

const seed = () => [
  adminUserFixture({
    id: 'u-dana',
    email: 'dana@brightsmiles.dev',
    full_name: 'Dana Developer',
    company: 'Bright Smiles Software',
  }),
  adminUserFixture({
    id: 'u-omar',
    email: 'omar@toothtrack.io',
    full_name: 'Omar Okafor',
    company: 'ToothTrack',
    is_approved: true,
  }),
  adminUserFixture({
    id: 'u-ada',
    email: 'ada@platform.example',
    full_name: 'Ada Admin',
    company: 'Platform',
    role: 'admin',
    is_approved: true,
  }),
];

afterEach(() => toaster.remove());

async function openUsers(extra: Handlers = [], users = seed()) {
  const fake = adminUsersHandlers({ users });
  serve(accountsHandlers(), fake.handlers, extra);
  const view = renderRoute('/admin/users', { role: 'admin' });
  // The route is loaded lazily: a cold import under load can take a few seconds.
  await screen.findByRole('heading', { name: 'User Management' }, { timeout: 10_000 });
  return view;
}

const row = (id: string) => within(screen.getByTestId(`user-row-${id}`));
const rowIds = () => screen.queryAllByTestId(/^user-row-/).map((r) => r.dataset.testid?.replace('user-row-', ''));

describe('User Management (/admin/users)', () => {
  it('lists users with their status; admins show as Pending and have no Approve button', async () => {
    await openUsers();
    await screen.findByTestId('user-row-u-dana');
    const users = within(screen.getByRole('table', { name: 'Users' }));
    expect(columnHeaders(users)).toEqual(['Name', 'Email', 'Company', 'Role', 'Status', 'Created', 'Actions']);

    expect(row('u-dana').getByText('Pending')).toBeTruthy();
    expect(row('u-dana').getByRole('button', { name: /Approve/ })).toBeTruthy();
    expect(row('u-omar').getByText('Approved')).toBeTruthy();
    expect(row('u-omar').queryByRole('button', { name: /Approve/ })).toBeNull();
    // An admin is approved in storage yet still reads Pending, with no Approve button.
    expect(row('u-ada').getByText('Pending')).toBeTruthy();
    expect(row('u-ada').queryByText('Approved')).toBeNull();
    expect(row('u-ada').queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(row('u-omar').getByRole('link', { name: /View/ }).getAttribute('href')).toBe('/admin/users/u-omar');
  });

  it('searches email, full name and company, case-insensitively', async () => {
    await openUsers();
    await screen.findByTestId('user-row-u-dana');
    fillIn('Search users', 'TOOTHTRACK');
    await waitFor(() => expect(rowIds()).toEqual(['u-omar']));
    expect(screen.getByText('Showing 1 matching users (3 in all)')).toBeTruthy();
    fillIn('Search users', 'bright smiles');
    await waitFor(() => expect(rowIds()).toEqual(['u-dana']));
    fillIn('Search users', 'ada ADMIN');
    await waitFor(() => expect(rowIds()).toEqual(['u-ada']));
    fillIn('Search users', '@toothtrack.io');
    await waitFor(() => expect(rowIds()).toEqual(['u-omar']));
    fillIn('Search users', 'nobody');
    expect(await screen.findByText('No users match "nobody".')).toBeTruthy();
  });

  it('approves after the confirmation, with the e-mail, and shows the spec text', async () => {
    const { user } = await openUsers();
    await user.click(await row('u-dana').findByRole('button', { name: /Approve/ }));
    const question = within(await screen.findByRole('alertdialog'));
    expect(question.getByText(MSG.confirmApproveUser('dana@brightsmiles.dev'))).toBeTruthy();
    await user.click(question.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('dana@brightsmiles.dev approved successfully!')).toBeTruthy();
    expect(calls('POST /api/approve-user').map((r) => r.body)).toEqual([{ email: 'dana@brightsmiles.dev' }]);
    expect(await row('u-dana').findByText('Approved')).toBeTruthy();
    expect(row('u-dana').queryByRole('button', { name: /Approve/ })).toBeNull();
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { user } = await openUsers();
    await user.click(await row('u-dana').findByRole('button', { name: /Approve/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('POST /api/approve-user')).toHaveLength(0);
  });

  it("shows the server's detail, else 'Failed to approve user'", async () => {
    const { user } = await openUsers();
    const approve = async () => {
      await user.click(await row('u-dana').findByRole('button', { name: /Approve/ }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    };
    await expectDetailThenFallback(['post', '/api/approve-user'], approve, {
      status: 400,
      detail: 'Admins do not need approval',
      fallback: MSG.failedApproveUser,
    });
  });

  it("says 'Failed to load users' when the list cannot be loaded", async () => {
    await openUsers(failing('GET /api/admin/users', 500));
    expect(await screen.findByText(MSG.failedLoadUsers)).toBeTruthy();
  });

  it("shows the server's detail when the list fails with one (spec section 8)", async () => {
    await openUsers(failing('GET /api/admin/users', 503, 'User directory is unavailable'));
    expect(await screen.findByText('User directory is unavailable')).toBeTruthy();
    expect(screen.queryByText(MSG.failedLoadUsers)).toBeNull();
  });

  it('loads the next page with Load more (keyboard), searching on the server too', { timeout: 60_000 }, async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      adminUserFixture({
        id: `m${i}`,
        email: `member${String(i).padStart(2, '0')}@clinic.example`,
        full_name: `Member ${String(i).padStart(2, '0')}`,
        company: i % 2 ? 'Odd Dental' : 'Even Dental',
      }),
    );
    const { user } = await openUsers([], many);
    await screen.findByTestId('user-row-m0');
    expect(rowIds()).toHaveLength(25);
    expect(screen.getByText('Showing 25 of 30 users')).toBeTruthy();
    expect(screen.getByText('30 awaiting approval')).toBeTruthy();
    const more = screen.getByRole('button', { name: 'Load more users' });
    more.focus();
    await user.keyboard('{Enter}');
    await screen.findByTestId('user-row-m29');
    expect(rowIds()).toHaveLength(30);
    // Focus moves to the first row of the page that arrived (its View link); nothing is left to load.
    await waitFor(() => expect(document.activeElement?.getAttribute('href')).toBe('/admin/users/m25'));
    expect(screen.queryByRole('button', { name: 'Load more users' })).toBeNull();
    const listCalls = () => calls().filter((r) => r.path === '/api/admin/users');
    expect(listCalls().some((r) => r.query.get('cursor') === 'o25')).toBe(true);
    // Every request asks for a page: the whole list is never fetched.
    expect(listCalls().every((r) => r.query.get('limit') === '25')).toBe(true);

    // A search starts again at the first page and is answered by the server.
    fillIn('Search users', 'odd dental');
    await waitFor(() => expect(rowIds()).toHaveLength(15));
    expect(screen.getByText('Showing 15 matching users (30 in all)')).toBeTruthy();
    expect(listCalls().some((r) => r.query.get('q') === 'odd dental' && !r.query.get('cursor'))).toBe(true);

    // The status filter is the server's too; its total comes from the counts.
    fillIn('Search users', '');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'approved');
    expect(await screen.findByText('No users with this status.')).toBeTruthy();
    expect(listCalls().some((r) => r.query.get('status') === 'approved')).toBe(true);
  });
});

describe('invited accounts (imported legacy accounts without a password)', () => {
  const withInvited = () => [
    ...seed(),
    adminUserFixture({
      id: 'u-lee',
      email: 'lee@legacy-dental.example',
      full_name: 'Lee Legacy',
      company: 'Legacy Dental',
      status: 'invited',
    }),
  ];

  it('shows Invited with a Re-send button and no Approve; other rows have no Re-send', async () => {
    await openUsers([], withInvited());
    await screen.findByTestId('user-row-u-lee');
    expect(row('u-lee').getByText('Invited')).toBeTruthy();
    expect(row('u-lee').queryByText('Pending')).toBeNull();
    expect(row('u-lee').queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(row('u-lee').getByRole('button', { name: /Re-send invitation/ })).toBeTruthy();
    for (const id of ['u-dana', 'u-omar', 'u-ada']) {
      expect(row(id).queryByRole('button', { name: /Re-send invitation/ })).toBeNull();
      expect(row(id).queryByText('Invited')).toBeNull();
    }
  });

  it('filters by Invited (with its count) on the server', async () => {
    const { user } = await openUsers([], withInvited());
    await screen.findByTestId('user-row-u-lee');
    const filter = screen.getByRole('combobox', { name: 'Filter by status' });
    expect(within(filter).getByRole('option', { name: 'Invited (1)' })).toBeTruthy();
    await user.selectOptions(filter, 'invited');
    await waitFor(() => expect(rowIds()).toEqual(['u-lee']));
    expect(screen.getByText('Showing 1 of 1 matching users')).toBeTruthy();
    expect(calls('GET /api/admin/users').some((r) => r.query.get('status') === 'invited')).toBe(true);
  });

  it('re-sends the invitation after the confirmation and says so; Cancel sends nothing', async () => {
    const { user } = await openUsers([], withInvited());
    await user.click(await row('u-lee').findByRole('button', { name: /Re-send invitation/ }));
    const question = within(await screen.findByRole('alertdialog'));
    expect(question.getByText('Send lee@legacy-dental.example a new set-password link?')).toBeTruthy();
    await user.click(question.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('POST /api/admin/users/u-lee/resend-invitation')).toHaveLength(0);

    await user.click(row('u-lee').getByRole('button', { name: /Re-send invitation/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(INVITATION_SENT('lee@legacy-dental.example'))).toBeTruthy();
    expect(calls('POST /api/admin/users/u-lee/resend-invitation')).toHaveLength(1);
  });

  it("shows the server's detail when the re-send is refused", async () => {
    const { user } = await openUsers(
      http.post('/api/admin/users/:id/resend-invitation', () =>
        fail(429, 'An invitation can be sent at most 3 times a day. Please try again tomorrow.'),
      ),
      withInvited(),
    );
    await user.click(await row('u-lee').findByRole('button', { name: /Re-send invitation/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('An invitation can be sent at most 3 times a day. Please try again tomorrow.'),
    ).toBeTruthy();
  });
});
