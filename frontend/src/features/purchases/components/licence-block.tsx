import { Box, HStack, Text } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import type { Purchase } from '@shared/schemas/checkout';
import type { ReactNode } from 'react';
import { LuBan, LuClock, LuKeyRound, LuTriangleAlert } from 'react-icons/lu';
import { CopyableCode } from '@/components/ui/copy-button';
import { notifySuccess } from '@/components/ui/toaster';
import { licenceKeyOf } from '../utils/purchase-state';

export const LICENSE_REVOKED = 'License revoked (refunded)';
export const LICENSE_PROCESSING = MSG.licenseBeingPrepared;
export const LICENSE_PROCESSING_TEXT = MSG.licenseBeingPreparedText;

function Notice({ icon, tone, title, text }: { icon: ReactNode; tone: string; title: string; text?: string }) {
  return (
    <HStack
      align="flex-start"
      gap="3"
      bg={`${tone}.50`}
      borderWidth="1px"
      borderColor={`${tone}.200`}
      borderRadius="lg"
      p="3"
    >
      <Box color={`${tone}.600`} mt="0.5" aria-hidden>
        {icon}
      </Box>
      <Box>
        <Text fontWeight="semibold" color={`${tone}.900`}>
          {title}
        </Text>
        {text && (
          <Text fontSize="sm" color={`${tone}.800`}>
            {text}
          </Text>
        )}
      </Box>
    </HStack>
  );
}

/** What the buyer has in hand, by licence status (docs/spec.md section 4). */
export function LicenceBlock({ purchase, appName }: { purchase: Purchase; appName: string }) {
  const key = licenceKeyOf(purchase);
  switch (purchase.license_status) {
    case 'assigned':
    case 'active':
      if (!key) return <Notice icon={<LuKeyRound />} tone="green" title="License active" />;
      return (
        <Box>
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" mb="1">
            License key
          </Text>
          <CopyableCode
            value={key}
            label={`Copy license key for ${appName}`}
            size="sm"
            onCopied={() => notifySuccess(MSG.licenseCopied)}
            boxProps={{ borderRadius: 'lg', bg: 'bg.subtle', ps: '3', pe: '1', py: '1' }}
            codeProps={{
              flex: '1',
              fontFamily: 'mono',
              fontSize: 'sm',
              bg: 'transparent',
              wordBreak: 'break-all',
              'data-testid': 'license-key',
            }}
          />
        </Box>
      );
    case 'manual_pending':
      return <Notice icon={<LuClock />} tone="orange" title={MSG.accessPending} text={MSG.accessPendingText} />;
    case 'out_of_stock':
      return (
        <Notice
          icon={<LuTriangleAlert />}
          tone="yellow"
          title={MSG.licenseUnavailable}
          text={MSG.licenseUnavailableText}
        />
      );
    case 'revoked':
      return <Notice icon={<LuBan />} tone="gray" title={LICENSE_REVOKED} />;
    default:
      return <Notice icon={<LuClock />} tone="blue" title={LICENSE_PROCESSING} text={LICENSE_PROCESSING_TEXT} />;
  }
}
