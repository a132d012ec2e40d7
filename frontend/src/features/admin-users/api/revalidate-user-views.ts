import type { ScopedMutator } from 'swr';
import { ADMIN_USERS_KEY } from './get-admin-users';

/** After an approval or a rotation: every page of the user list and every loaded user detail, keys and logs. */
export const revalidateUserViews = (mutate: ScopedMutator) =>
  mutate(
    (key) =>
      typeof key === 'string' &&
      (key === ADMIN_USERS_KEY || key.startsWith(`${ADMIN_USERS_KEY}?`) || key.startsWith(`${ADMIN_USERS_KEY}/`)),
  );
