import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';

/** Signup payload (docs/spec.md section 3, plus account_type); website is optional. */
export interface RegisterInput {
  full_name: string;
  email: string;
  password: string;
  company_name: string;
  website?: string;
  /** Absent: a developer. A practice buys apps and needs no approval. */
  account_type?: 'developer' | 'practice';
}

export const registerDeveloper = (body: RegisterInput) =>
  api.post<{ message?: string }>('/api/register', body, { skipAuthRedirect: true });

export function useRegisterDeveloper() {
  return useSWRMutation('/api/register', (_key: string, { arg }: { arg: RegisterInput }) => registerDeveloper(arg));
}
