import { type Handlers, ok } from '../fake-server';

/** The accounts API (login, signup, passwords, config, profiles) answering with success. */
export function accountsHandlers(opts: { googleClientId?: string | null } = {}): Handlers {
  let adminProfile = { full_name: 'Ada Admin', email: 'admin@example.com' };
  return {
    'GET /api/config': () =>
      ok({ google_client_id: opts.googleClientId ?? null, stripe_enabled: false, stripe_publishable_key: null }),
    'POST /api/login': () => ok({ access_token: 'dev-token', role: 'developer' }),
    'POST /api/admin-login': () => ok({ access_token: 'admin-token', role: 'admin' }),
    'POST /api/google-login': () => ok({ access_token: 'google-token', role: 'developer' }),
    'POST /api/register': () => ({
      status: 201,
      body: { message: 'Registration successful! Your account is pending admin approval.' },
    }),
    'POST /api/forgot-password': () => ok({ message: 'If this email exists, a reset link was sent.' }),
    'POST /api/reset-password': () => ok({ message: 'Your password has been reset. You can now sign in.' }),
    'GET /api/user/profile': () =>
      ok({
        id: 'u-1',
        email: 'dev@example.com',
        full_name: 'Dana Developer',
        company_name: 'Bright Smiles Software',
        role: 'developer',
        is_approved: true,
      }),
    'GET /api/admin/profile': () => ok(adminProfile),
    'PUT /api/admin/profile': (req) => {
      const body = req.body as { full_name: string; email: string };
      adminProfile = { full_name: body.full_name, email: body.email };
      return ok({ message: 'Profile updated successfully!' });
    },
  };
}
