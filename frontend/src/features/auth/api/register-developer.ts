import useSWRMutation from 'swr/mutation';
import { api } from '../../../lib/api-client';

/** Signup payload (docs/spec.md section 3); website is optional. */
export interface RegisterInput {
  full_name: string;
  email: string;
  password: string;
  company_name: string;
  website?: string;
}

export const registerDeveloper = (body: RegisterInput) =>
  api.post<{ message?: string }>('/api/register', body, { skipAuthRedirect: true });

export function useRegisterDeveloper() {
  return useSWRMutation('/api/register', (_key: string, { arg }: { arg: RegisterInput }) => registerDeveloper(arg));
}
