import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { ACCESS_MODE_LABELS } from '@shared/rules/permissions';
import type { BuyerInstall, Permissions } from '@shared/schemas/installs';
import { LuShieldCheck, LuShieldOff } from 'react-icons/lu';
import { notifySuccess } from '@/components/ui/toaster';
import { useConfirmedAction } from '@/components/ui/use-confirmed-action';
import { changeInstall } from '../api/change-install';

export const FAILED_INSTALL_CHANGE = 'Failed to change the access';

/** "Receives: a, b" and "Reads: f" lines of a set of permissions, in plain words. */
export function permissionLines(p: Permissions): string[] {
  const lines: string[] = [];
  if (p.event_types.length) lines.push(`Receives: ${p.event_types.join(', ')}`);
  for (const mode of ['read', 'write', 'read_write'] as const) {
    const ids = p.features.filter((f) => f.access === mode).map((f) => f.id);
    if (ids.length) lines.push(`${ACCESS_MODE_LABELS[mode]}: ${ids.join(', ')}`);
  }
  return lines.length ? lines : ['Nothing: the app receives no practice events and touches no practice data'];
}

const STATUS: Record<BuyerInstall['status'], { label: string; palette: string }> = {
  active: { label: 'Access granted', palette: 'green' },
  pending: { label: 'Access pending', palette: 'orange' },
  revoked: { label: 'Access revoked', palette: 'gray' },
};

/** A licence's access on My Purchased Licenses: what the app may use, what it asks for, Grant and Revoke. */
export function InstallAccess({
  install,
  appName,
  onChanged,
}: {
  install: BuyerInstall;
  appName: string;
  onChanged: () => unknown;
}) {
  const { run, runBusy, busyId, dialog } = useConfirmedAction();
  const status = STATUS[install.status];
  const asksMore = install.status !== 'revoked' && install.requested !== undefined;
  const canGrant = install.status !== 'active' || asksMore;

  const act = (action: 'grant' | 'revoke') => async () => {
    await changeInstall(install.id, action).catch(async (err: unknown) => {
      // A 409 (changed meanwhile, in another tab): show its detail over the fresh state.
      await onChanged();
      throw err;
    });
    notifySuccess(action === 'grant' ? `Access granted to ${appName}` : `Access revoked for ${appName}`);
    await onChanged();
  };

  return (
    <Box
      as="section"
      aria-label={`Access of ${appName}`}
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="lg"
      p="3"
      data-testid={`install-${install.app_id}`}
    >
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="semibold" color="gray.900">
          Access
        </Text>
        <Badge colorPalette={status.palette} variant="subtle" borderRadius="full">
          {status.label}
        </Badge>
      </HStack>
      <Stack gap="0.5" mt="2" fontSize="sm" color="gray.700">
        {install.status === 'active' && permissionLines(install.granted).map((line) => <Text key={line}>{line}</Text>)}
        {install.status === 'pending' && <Text>Nothing is granted yet: no practice data reaches {appName}.</Text>}
        {install.status === 'revoked' && <Text>No practice data reaches {appName}. The licence stays valid.</Text>}
      </Stack>
      {asksMore && install.requested && (
        <Box mt="2" fontSize="sm">
          <Text fontWeight="medium" color="orange.800">
            {install.status === 'pending' ? `${appName} asks for:` : `${appName} asks for more access`}
          </Text>
          {permissionLines(install.requested).map((line) => (
            <Text key={line} color="gray.700">
              {line}
            </Text>
          ))}
        </Box>
      )}
      <HStack gap="2" mt="3" wrap="wrap">
        {canGrant && (
          <Button
            size="sm"
            colorPalette="brand"
            loading={busyId === `grant-${install.id}`}
            onClick={() => runBusy(`grant-${install.id}`, act('grant'), FAILED_INSTALL_CHANGE)}
          >
            <LuShieldCheck /> Grant
          </Button>
        )}
        {install.status !== 'revoked' && (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            loading={busyId === `revoke-${install.id}`}
            onClick={() =>
              run(
                `revoke-${install.id}`,
                {
                  title: `Revoke ${appName}'s access?`,
                  message: `${appName} stops receiving your practice's events at once. Your licence stays valid and you can grant access again later.`,
                  confirmLabel: 'Revoke',
                  destructive: true,
                },
                act('revoke'),
                FAILED_INSTALL_CHANGE,
              )
            }
          >
            <LuShieldOff /> Revoke
          </Button>
        )}
      </HStack>
      {dialog}
    </Box>
  );
}
