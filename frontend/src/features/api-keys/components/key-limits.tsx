import { SimpleGrid } from '@chakra-ui/react';
import { LuBookOpen, LuShieldCheck, LuTestTube } from 'react-icons/lu';
import { IconPoint } from '@/components/ui/icon-point';
import { AppLink } from '@/components/ui/links';
import { panelStyle } from '@/components/ui/surfaces';
import { paths } from '@/config/paths';
import { formatCount } from '@/utils/format';
import { DAILY_LIMIT } from '@/utils/key-display';

/** What each key type allows (docs/spec.md section 9) and where the API is documented. */
export function KeyLimits() {
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" mb="6">
      <IconPoint
        {...panelStyle}
        p="4"
        icon={<LuTestTube />}
        title={`Staging · ${formatCount(DAILY_LIMIT.staging)} requests/day`}
      >
        Active at once. Use it while you build and test your integration.
      </IconPoint>
      <IconPoint
        {...panelStyle}
        p="4"
        icon={<LuShieldCheck />}
        title={`Production · ${formatCount(DAILY_LIMIT.production)} requests/day`}
      >
        Pending Approval until an admin approves your account, then active.
      </IconPoint>
      <IconPoint {...panelStyle} p="4" icon={<LuBookOpen />} title="Using a key">
        Send it in the <code>X-API-Key</code> header. Quotas reset at 00:00 UTC.{' '}
        <AppLink to={paths.docs}>Read the API documentation</AppLink>
      </IconPoint>
    </SimpleGrid>
  );
}
