import { bodyOf, type HttpHandler, HttpResponse, http } from '../server';

/** The accounts API (login, signup, passwords, config, profiles) answering with success. */
export function accountsHandlers(opts: { googleClientId?: string | null } = {}): HttpHandler[] {
  let adminProfile = { full_name: 'Ada Admin', email: 'admin@example.com' };
  return [
    http.get('/api/config', () =>
      HttpResponse.json({
        google_client_id: opts.googleClientId ?? null,
        stripe_enabled: false,
        stripe_publishable_key: null,
      }),
    ),
    http.post('/api/login', () => HttpResponse.json({ access_token: 'dev-token', role: 'developer' })),
    http.post('/api/admin-login', () => HttpResponse.json({ access_token: 'admin-token', role: 'admin' })),
    http.post('/api/google-login', () => HttpResponse.json({ access_token: 'google-token', role: 'developer' })),
    http.post('/api/register', () =>
      HttpResponse.json(
        { message: 'Registration successful! Your account is pending admin approval.' },
        { status: 201 },
      ),
    ),
    http.post('/api/forgot-password', () =>
      HttpResponse.json({ message: 'If this email exists, a reset link was sent.' }),
    ),
    http.post('/api/reset-password', () =>
      HttpResponse.json({ message: 'Your password has been reset. You can now sign in.' }),
    ),
    http.get('/api/user/profile', () =>
      HttpResponse.json({
        id: 'u-1',
        email: 'dev@example.com',
        full_name: 'Dana Developer',
        company_name: 'Bright Smiles Software',
        role: 'developer',
        is_approved: true,
      }),
    ),
    http.get('/api/admin/profile', () => HttpResponse.json(adminProfile)),
    http.put('/api/admin/profile', async ({ request }) => {
      const body = (await bodyOf(request)) as { full_name: string; email: string };
      adminProfile = { full_name: body.full_name, email: body.email };
      return HttpResponse.json({ message: 'Profile updated successfully!' });
    }),
  ];
}
