import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { isSwitchAccount } from '@/app/guards';
import { FormMessage } from '@/components/ui/form-message';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { getRole } from '@/lib/auth-storage';

type Needed = 'an admin' | 'a developer';

/** A sign-in page of one role: its title, the notice below when a guard sent another role here, and its form. */
export function SignInPage({ title, needed, children }: { title: string; needed: Needed; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <>
      <SwitchAccountNotice needed={needed} />
      {children}
    </>
  );
}

/** Shown when an area guard sent a signed-in user of the other role to this sign-in page. */
function SwitchAccountNotice({ needed }: { needed: Needed }) {
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
