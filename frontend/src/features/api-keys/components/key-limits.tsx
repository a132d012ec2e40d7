import { Box, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuBookOpen, LuShieldCheck, LuTestTube } from 'react-icons/lu';
import { AppLink } from '../../../components/ui/links';
import { panelStyle } from '../../../components/ui/surfaces';
import { paths } from '../../../config/paths';
import { formatCount } from '../../../utils/format';
import { DAILY_LIMIT } from '../../../utils/key-display';

function LimitCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <HStack align="flex-start" gap="3" {...panelStyle} p="4">
      <Box color="brand.fg" bg="brand.subtle" rounded="lg" p="2" fontSize="lg" flexShrink={0}>
        {icon}
      </Box>
      <Box>
        <Text fontWeight="semibold" color="gray.900">
          {title}
        </Text>
        <Text fontSize="sm" color="gray.600">
          {children}
        </Text>
      </Box>
    </HStack>
  );
}

/** What each key type allows (docs/spec.md section 9) and where the API is documented. */
export function KeyLimits() {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" mb="6">
      <LimitCard icon={<LuTestTube />} title={`Staging · ${formatCount(DAILY_LIMIT.staging)} requests/day`}>
        Active at once. Use it while you build and test your integration.
      </LimitCard>
      <LimitCard icon={<LuShieldCheck />} title={`Production · ${formatCount(DAILY_LIMIT.production)} requests/day`}>
        Pending Approval until an admin approves your account, then active.
      </LimitCard>
      <LimitCard icon={<LuBookOpen />} title="Using a key">
        Send it in the <code>X-API-Key</code> header. Quotas reset at 00:00 UTC.{' '}
        <AppLink to={paths.docs}>Read the API documentation</AppLink>
      </LimitCard>
    </SimpleGrid>
  );
}
