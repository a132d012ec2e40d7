import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';

export const verifyEmail = (token: string) =>
  api.post<{ message?: string }>('/api/verify-email', { token }, { skipAuthRedirect: true });

export const resendVerification = () => api.post<{ message?: string }>('/api/resend-verification', {});

export function useResendVerification() {
  return useSWRMutation('/api/resend-verification', () => resendVerification());
}
