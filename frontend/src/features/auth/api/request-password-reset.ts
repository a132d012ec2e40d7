import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';

export const requestPasswordReset = (email: string) =>
  api.post<{ message?: string }>('/api/forgot-password', { email }, { skipAuthRedirect: true });

export function useRequestPasswordReset() {
  return useSWRMutation('/api/forgot-password', (_key: string, { arg }: { arg: string }) => requestPasswordReset(arg));
}
