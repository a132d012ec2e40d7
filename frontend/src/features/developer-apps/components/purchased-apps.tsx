import { Badge, Box, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import { AppIcon } from '@/components/ui/app-icon';
import { CopyableCode } from '@/components/ui/copy-button';
import { AppLink } from '@/components/ui/links';
import { NoLicencesState } from '@/components/ui/no-licences-state';
import { notifySuccess } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { formatDate, formatMoney } from '@/utils/format';
import type { Purchase } from '../types';

/** The licence state of a purchase in words (section 4); anything unknown or missing is 'Pending'. */
function licenceText(p: Purchase): { label: string; palette: string; note?: string } {
  switch (p.license_status) {
    case 'assigned':
    case 'active':
      return { label: 'Active', palette: 'green' };
    case 'manual_pending':
      return { label: MSG.accessPending, palette: 'orange', note: MSG.accessPendingText };
    case 'out_of_stock':
      return { label: MSG.licenseUnavailable, palette: 'red', note: MSG.licenseUnavailableText };
    case null:
      // Completed, delivered automatically, not delivered yet (a manual licence is manual_pending).
      if (p.status === 'completed')
        return { label: MSG.licenseBeingPrepared, palette: 'blue', note: MSG.licenseBeingPreparedText };
      return { label: 'Pending', palette: 'gray' };
    default:
      return { label: 'Pending', palette: 'gray' };
  }
}

/** The 'Apps I Purchased' tab: each licence with its state and its key, copyable when assigned. */
export function PurchasedApps({ purchases }: { purchases: Purchase[] }) {
  if (purchases.length === 0) return <NoLicencesState />;
  return (
    <Stack gap="3">
      {purchases.map((p) => {
        const name = p.app?.name ?? 'App';
        const key = p.assigned_license_key || p.license_key;
        const state = licenceText(p);
        return (
          <Card.Root key={p.id} variant="outline" borderRadius="xl" data-testid={`purchase-${p.id}`}>
            <Card.Body p="4">
              <Flex gap="4" align={{ md: 'center' }} direction={{ base: 'column', md: 'row' }}>
                <HStack gap="4" flex="1" minW="0">
                  <AppIcon name={name} src={p.app?.icon_url} size={44} />
                  <Box minW="0">
                    <Heading as="h3" size="sm">
                      {p.app?.slug ? <AppLink to={paths.app(p.app.slug)}>{name}</AppLink> : name}
                    </Heading>
                    <Text fontSize="sm" color="fg.muted">
                      Purchased {formatDate(p.created_at)} · {formatMoney(p.amount)}{' '}
                      {(p.currency ?? 'usd').toUpperCase()}
                    </Text>
                    {state.note && (
                      <Text fontSize="xs" color="fg.muted">
                        {state.note}
                      </Text>
                    )}
                  </Box>
                </HStack>
                <HStack gap="2">
                  <Badge colorPalette={state.palette}>{state.label}</Badge>
                  {key && (p.license_status === 'assigned' || p.license_status === 'active') && (
                    <CopyableCode
                      value={key}
                      label={`Copy licence key of ${name}`}
                      size="xs"
                      onCopied={() => notifySuccess(MSG.licenseCopied)}
                      boxProps={{ borderRadius: 'md', ps: '2' }}
                      codeProps={{ size: 'sm' }}
                    />
                  )}
                </HStack>
              </Flex>
            </Card.Body>
          </Card.Root>
        );
      })}
    </Stack>
  );
}
