import { Text } from '@chakra-ui/react';
import useSWR from 'swr';
import type { AdminManualLicenceList } from '../../../../shared/schemas/manual-licences';
import { NoteCard } from '../../components/ui/note-card';
import { fetcher } from '../../lib/api-client';

/** Admin Dashboard: manual licences still pending past the promised 24 hours. */
export function OverdueLicencesCard() {
  const { data, error } = useSWR<AdminManualLicenceList>('/api/admin/manual-licences', fetcher);
  return (
    <NoteCard
      headingId="overdue-licences-title"
      title="Manual licences"
      error={error}
      failed="Failed to load pending licences"
      loading={!data}
    >
      {data && (
        <Text data-testid="overdue-licences">
          {data.overdue_count} overdue past {data.overdue_hours} hours ({data.licences.length} pending in all)
        </Text>
      )}
    </NoteCard>
  );
}
