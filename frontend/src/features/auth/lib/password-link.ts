import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useZodForm } from '@/lib/use-zod-form';
import type { newPasswordForm } from './confirmed-password';

/**
 * A mailed link's page that sets a password (a reset link, a legacy account's invitation): the
 * link's `?token=`, the new-password form checked by `schema` (a module-level newPasswordForm),
 * the error it shows, and the server's message once the password is set.
 */
export function usePasswordLink(schema: ReturnType<typeof newPasswordForm>) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useZodForm(schema, { defaultValues: { password: '', confirm: '' } });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return { token, form, error, setError, done, setDone };
}
