import { Alert, Box, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuActivity } from 'react-icons/lu';
import { errorText } from '../../../lib/api-client';
import { formatDate } from '../../../utils/format';
import { useSyncHealth } from '../api/get-sync-health';
import { componentLabel } from '../utils/sync-display';
import { HealthBadge } from './status-badge';

/** System Health: each component with its status and how it was measured. */
export function SystemHealth() {
  const { data, error, isLoading } = useSyncHealth();
  return (
    <Box
      as="section"
      aria-labelledby="health-heading"
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="xl"
      p="5"
    >
      <HStack justify="space-between" mb="4">
        <HStack gap="3">
          <Box color="gray.600" fontSize="xl">
            <LuActivity aria-hidden />
          </Box>
          <Heading as="h2" size="md" id="health-heading">
            System Health
          </Heading>
        </HStack>
        {data && <HealthBadge status={data.status} />}
      </HStack>
      {error && !data ? (
        <Alert.Root status="error" borderRadius="md">
          <Alert.Indicator />
          <Alert.Title>{errorText(error, 'Failed to load system health')}</Alert.Title>
        </Alert.Root>
      ) : isLoading || !data ? (
        <Stack gap="2" aria-hidden>
          <Skeleton h="5" />
          <Skeleton h="5" />
          <Skeleton h="5" />
        </Stack>
      ) : (
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
    </Box>
  );
}
