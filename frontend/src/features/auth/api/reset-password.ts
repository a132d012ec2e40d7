import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';

export interface ResetPasswordInput {
  /** The one-time token from the e-mailed link (?token=). */
  token: string;
  password: string;
}

export const resetPassword = (body: ResetPasswordInput) =>
  api.post<{ message?: string }>('/api/reset-password', body, { skipAuthRedirect: true });

export function useResetPassword() {
  return useSWRMutation('/api/reset-password', (_key: string, { arg }: { arg: ResetPasswordInput }) =>
    resetPassword(arg),
  );
}
