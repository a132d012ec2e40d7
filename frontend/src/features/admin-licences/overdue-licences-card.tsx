import { Box, Heading, Text } from '@chakra-ui/react';
import useSWR from 'swr';
import type { AdminManualLicenceList } from '../../../../shared/schemas/manual-licences';
import { errorText, fetcher } from '../../lib/api-client';

/** Admin Dashboard: manual licences still pending past the promised 24 hours. */
export function OverdueLicencesCard() {
  const { data, error } = useSWR<AdminManualLicenceList>('/api/admin/manual-licences', fetcher);
  return (
    <Box as="section" borderWidth="1px" borderRadius="xl" p="5" aria-labelledby="overdue-licences-title">
      <Heading as="h2" size="md" id="overdue-licences-title" mb="2">
        Manual licences
      </Heading>
      {error ? (
        <Text color="red.700">{errorText(error, 'Failed to load pending licences')}</Text>
      ) : !data ? (
        <Text color="fg.muted">Loading…</Text>
      ) : (
        <Text data-testid="overdue-licences">
          {data.overdue_count} overdue past {data.overdue_hours} hours ({data.licences.length} pending in all)
        </Text>
      )}
    </Box>
  );
}
