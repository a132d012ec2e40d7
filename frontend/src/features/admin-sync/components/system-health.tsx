import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { LuActivity } from 'react-icons/lu';
import { formatDate } from '../../../utils/format';
import { useSyncHealth } from '../api/get-sync-health';
import { componentLabel } from '../utils/sync-display';
import { HealthBadge } from './status-badge';
import { SyncPanel } from './sync-panel';

/** System Health: each component with its status and how it was measured. */
export function SystemHealth() {
  const { data, error, isLoading } = useSyncHealth();
  return (
    <SyncPanel
      headingId="health-heading"
      icon={<LuActivity aria-hidden />}
      title="System Health"
      badge={data && <HealthBadge status={data.status} />}
      error={!data && error}
      failed="Failed to load system health"
      loading={isLoading || !data}
    >
      {data && (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Components">
          {data.components.map((c) => (
            <Box as="li" key={c.name} data-testid={`health-${c.name}`}>
              <HStack justify="space-between" gap="3">
                <Text fontWeight="medium" color="gray.900">
                  {componentLabel(c.name)}
                </Text>
                <HealthBadge status={c.status} />
              </HStack>
              <Text fontSize="sm" color="gray.600">
                {c.detail}
              </Text>
            </Box>
          ))}
          <Text as="li" fontSize="xs" color="gray.600">
            Checked {formatDate(data.checked_at, 'seconds')}
          </Text>
        </Stack>
      )}
    </SyncPanel>
  );
}
