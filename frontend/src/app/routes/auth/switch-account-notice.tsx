import { Box } from '@chakra-ui/react';
import { useLocation } from 'react-router-dom';
import { isSwitchAccount } from '@/app/guards';
import { FormMessage } from '@/components/ui/form-message';
import { getRole } from '@/lib/auth-storage';

/** Shown when an area guard sent a signed-in user of the other role to this sign-in page. */
export function SwitchAccountNotice({ needed }: { needed: 'an admin' | 'a developer' }) {
  const { state } = useLocation();
  if (!isSwitchAccount(state)) return null;
  const role = getRole();
  const current = role === 'admin' ? 'an admin' : role === 'practice' ? 'a practice' : 'a developer';
  return (
    <Box mb="5">
      <FormMessage status="info">
        You're signed in with {current} account. Sign in with {needed} account to open that page.
      </FormMessage>
    </Box>
  );
}
