import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { INSTALL_MESSAGES } from '@shared/schemas/installs';
import { LuShieldOff } from 'react-icons/lu';
import { AuthHeading } from '@/components/ui/auth-heading';
import { FormMessage } from '@/components/ui/form-message';
import { PageSpinner } from '@/components/ui/page-spinner';
import { notifySuccess } from '@/components/ui/toaster';
import { useConfirmedAction } from '@/components/ui/use-confirmed-action';
import { useMailedLink } from '@/lib/use-mailed-link';
import { installByLink, revokeByLink } from '../api/install-link';
import { FAILED_INSTALL_CHANGE, permissionLines } from './install-access';

const readInstall = async (token: string) => ({ install: await installByLink(token) });

/**
 * /marketplace/app-access?token=...: the licence mail's link. Shows what the app may use of the
 * practice's data and revokes it (a confirmation first), without signing in: the token opens this
 * one install and nothing else.
 */
export function AppAccessByLink() {
  const { token, view, setView } = useMailedLink(readInstall, INSTALL_MESSAGES.linkInvalid);
  const { run, busyId, dialog } = useConfirmedAction();

  const heading = <AuthHeading icon={<LuShieldOff />} title="App access to your practice data" />;
  if (view.state === 'loading') return <PageSpinner label="Checking your link..." />;
  if (view.state === 'invalid') {
    return (
      <>
        {heading}
        <FormMessage status="error">{view.text}</FormMessage>
      </>
    );
  }
  const { install } = view;
  const name = install.app.name;
  const revoked = install.status === 'revoked';
  return (
    <>
      {heading}
      <Stack gap="3" aria-live="polite">
        <HStack justify="space-between" wrap="wrap">
          <Text fontWeight="semibold" color="gray.900">
            {name}
          </Text>
          <Badge colorPalette={revoked ? 'gray' : install.status === 'active' ? 'green' : 'orange'} variant="subtle">
            {revoked ? 'Access revoked' : install.status === 'active' ? 'Access granted' : 'Access pending'}
          </Badge>
        </HStack>
        {install.status === 'active' &&
          permissionLines(install.granted).map((line) => (
            <Text key={line} fontSize="sm" color="gray.700">
              {line}
            </Text>
          ))}
        {install.status === 'pending' && (
          <Text fontSize="sm">Nothing is granted yet: no practice data reaches {name}.</Text>
        )}
        {revoked && (
          <Text fontSize="sm">
            No practice data reaches {name}. The licence stays valid; to grant access again, sign in to your account (or
            create one for this address) and use My Purchased Licenses.
          </Text>
        )}
        {!revoked && (
          <Button
            variant="outline"
            colorPalette="red"
            alignSelf="start"
            loading={busyId === 'revoke'}
            onClick={() =>
              run(
                'revoke',
                {
                  title: `Revoke ${name}'s access?`,
                  message: `${name} stops receiving your practice's events at once. Your licence stays valid.`,
                  confirmLabel: 'Revoke',
                  destructive: true,
                },
                async () => {
                  const next = await revokeByLink(token, install.id);
                  setView({ state: 'ready', install: next });
                  notifySuccess(`Access revoked for ${name}`);
                },
                FAILED_INSTALL_CHANGE,
              )
            }
          >
            <LuShieldOff /> Revoke access
          </Button>
        )}
      </Stack>
      {dialog}
    </>
  );
}
