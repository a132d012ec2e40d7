import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_AGAIN } from '@/features/admin-settings/components/profile-form';
import { getToken } from '@/lib/auth-storage';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { fillIn, renderRoute } from '@/testing/render-route';
import { calls, expectDetailThenFallback, failing, serve } from '@/testing/server';

async function openSettings() {
  const view = renderRoute('/admin/settings', { role: 'admin' });
  await screen.findByRole('heading', { name: 'Update Profile' });
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  return { ...view, save };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;

describe('admin settings (/admin/settings)', () => {
  it('loads the profile into the form and lists future settings', async () => {
    serve(accountsHandlers());
    await openSettings();
    await waitFor(() => expect(field('Full Name').value).toBe('Ada Admin'));
    expect(field('Email').value).toBe('admin@example.com');
    expect(screen.getByText('Two-factor authentication')).toBeTruthy();
    expect(screen.getAllByText('Coming soon').length).toBeGreaterThan(1);
  });

  it('says so inline when the profile cannot be loaded', async () => {
    serve(accountsHandlers(), failing('GET /api/admin/profile', 500));
    await openSettings();
    expect(await screen.findByText('Failed to load profile')).toBeTruthy();
  });

  it("shows the server's detail when the profile read fails with one (spec section 8)", async () => {
    serve(accountsHandlers(), failing('GET /api/admin/profile', 503, 'Profile store is unavailable'));
    await openSettings();
    expect(await screen.findByText('Profile store is unavailable')).toBeTruthy();
    expect(screen.queryByText('Failed to load profile')).toBeNull();
  });

  it('sends nothing when the new passwords do not match', async () => {
    serve(accountsHandlers());
    const { save } = await openSettings();
    await waitFor(() => expect(field('Full Name').value).toBe('Ada Admin'));
    fillIn(/^New Password/, 'newsecret');
    fillIn(/^Confirm New Password/, 'other');
    save();
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(calls('PUT /api/admin/profile')).toHaveLength(0);
  });

  it('sends the password only when one is typed', async () => {
    serve(accountsHandlers());
    const { save } = await openSettings();
    await waitFor(() => expect(field('Full Name').value).toBe('Ada Admin'));
    fillIn(/^Full Name/, 'Ada Lovelace');
    save();
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(calls('PUT /api/admin/profile')[0]?.body).toEqual({
      full_name: 'Ada Lovelace',
      email: 'admin@example.com',
    });

    fillIn(/^New Password/, 'newsecret');
    fillIn(/^Confirm New Password/, 'newsecret');
    save();
    await waitFor(() => expect(calls('PUT /api/admin/profile')).toHaveLength(2));
    expect(calls('PUT /api/admin/profile')[1]?.body).toEqual({
      full_name: 'Ada Lovelace',
      email: 'admin@example.com',
      password: 'newsecret',
    });
  });

  it('after a new password, signs out and asks to sign in again (the server ended every session)', async () => {
    serve(accountsHandlers());
    const { save, location } = await openSettings();
    await waitFor(() => expect(field('Full Name').value).toBe('Ada Admin'));
    const reads = calls('GET /api/admin/profile').length;
    fillIn(/^New Password/, 'newsecret');
    fillIn(/^Confirm New Password/, 'newsecret');
    save();
    expect(await screen.findByText(SIGN_IN_AGAIN)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Admin sign in' })).toBeTruthy();
    expect(location().pathname).toBe('/admin-login');
    expect(getToken()).toBeFalsy();
    // No read of the profile with the token the server has just ended.
    expect(calls('GET /api/admin/profile')).toHaveLength(reads);
  });

  it("shows the server's detail, else 'Failed to update profile'", async () => {
    serve(accountsHandlers());
    const { save } = await openSettings();
    await waitFor(() => expect(field('Full Name').value).toBe('Ada Admin'));
    await expectDetailThenFallback(['put', '/api/admin/profile'], save, {
      status: 409,
      detail: 'That email is already in use',
      fallback: 'Failed to update profile',
    });
  });

  it('requires full name and email', async () => {
    serve(accountsHandlers());
    const { save } = await openSettings();
    await waitFor(() => expect(field('Full Name').value).toBe('Ada Admin'));
    fillIn(/^Email/, '  ');
    save();
    expect(await screen.findByText('Full name and email are required')).toBeTruthy();
    expect(calls('PUT /api/admin/profile')).toHaveLength(0);
  });
});
