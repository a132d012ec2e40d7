import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { accountsHandlers } from '@/testing/handlers/accounts';
import { fillIn, renderRoute } from '@/testing/render-route';
import { calls, expectDetailThenFallback, serve } from '@/testing/server';

const valid = {
  'Full Name': 'Dana Developer',
  'Company Name': 'Bright Smiles Software',
  Email: 'dana@example.com',
  Password: 'secret1',
};

async function openSignup(values: Partial<Record<keyof typeof valid | 'Website', string>>) {
  const view = renderRoute('/signup');
  await screen.findByRole('heading', { name: 'Create your developer account' });
  for (const [label, value] of Object.entries(values)) fillIn(new RegExp(`^${label}`), value);
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
  return { ...view, submit };
}

describe('signup (/signup)', () => {
  it.each([
    [{ ...valid, 'Company Name': '' }, 'All required fields must be filled'],
    [{ ...valid, Email: 'dana.example.com' }, 'Enter a valid email address'],
    [{ ...valid, Password: '12345' }, 'Password must be at least 6 characters'],
  ])('validates before sending (%#)', async (values, message) => {
    serve(accountsHandlers());
    const { submit } = await openSignup(values);
    submit();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls('POST /api/register')).toHaveLength(0);
  });

  it("shows a malformed field's error on that field, from the server's schema", async () => {
    serve(accountsHandlers());
    const { submit } = await openSignup({ ...valid, Email: 'dana@example', Website: 'ftp://files.example.com' });
    submit();
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Website must be a valid URL starting with http:// or https://')).toBeTruthy();
    expect(screen.getByLabelText(/^Website/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Full Name/).getAttribute('aria-invalid')).toBeNull();
    expect(calls('POST /api/register')).toHaveLength(0);
  });

  it("shows the server's detail, else 'Signup failed'", async () => {
    serve(accountsHandlers());
    const { submit } = await openSignup(valid);
    await expectDetailThenFallback(['post', '/api/register'], submit, {
      status: 409,
      detail: 'An account with this email already exists',
      fallback: 'Signup failed',
    });
  });

  it('sends the payload, shows the server message, then goes to /login after 3 seconds', async () => {
    serve(accountsHandlers());
    const { submit, location } = await openSignup({ ...valid, Website: 'https://brightsmiles.example' });
    vi.useFakeTimers();
    submit();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Registration successful! Your account is pending admin approval.')).toBeTruthy();
    expect(calls('POST /api/register')[0]?.body).toEqual({
      full_name: 'Dana Developer',
      email: 'dana@example.com',
      password: 'secret1',
      company_name: 'Bright Smiles Software',
      website: 'https://brightsmiles.example',
    });
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(location().pathname).toBe('/signup');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(location().pathname).toBe('/login');
  });

  it('signs up a practice from /signup?type=practice: practice name, contact name, no website, account_type practice', async () => {
    serve(accountsHandlers());
    renderRoute('/signup?type=practice');
    await screen.findByRole('heading', { name: 'Create your practice account' });
    expect(screen.getByRole('radio', { name: /I buy apps for a practice/ })).toHaveProperty('checked', true);
    fillIn(/^Contact Name/, 'Rita Front');
    fillIn(/^Practice Name/, 'Riverside Dental');
    fillIn(/^Email/, 'frontdesk@riverside.example');
    fillIn(/^Password/, 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByText(/Registration successful/);
    expect(calls('POST /api/register')[0]?.body).toEqual({
      full_name: 'Rita Front',
      email: 'frontdesk@riverside.example',
      password: 'secret1',
      company_name: 'Riverside Dental',
      account_type: 'practice',
    });
  });

  it('switches to the developer form with the keyboard-operable choice', async () => {
    serve(accountsHandlers());
    renderRoute('/signup?type=practice');
    await screen.findByRole('heading', { name: 'Create your practice account' });
    fireEvent.click(screen.getByRole('radio', { name: /I build apps/ }));
    expect(await screen.findByRole('heading', { name: 'Create your developer account' })).toBeTruthy();
    expect(screen.getByLabelText(/^Company Name/)).toBeTruthy();
  });
});
