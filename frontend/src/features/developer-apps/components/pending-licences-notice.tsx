import { Alert } from '@chakra-ui/react';
import { ButtonLink } from '@/components/ui/links';
import { paths } from '@/config/paths';
import { useManualLicences } from '../api/manual-licences';

/** Developer dashboard: how many buyers wait for manual access details; nothing when none. */
export function PendingLicencesNotice() {
  const { data } = useManualLicences();
  const licences = data?.licences ?? [];
  const count = licences.length;
  if (count === 0) return null;
  // The first page holds the oldest: more pages mean at least this many wait.
  const more = data?.next_cursor ? '+' : '';
  const overdue = licences.filter((l) => l.overdue).length;
  return (
    <Alert.Root status="warning" borderRadius="md" mb="6" data-testid="pending-licences-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {count === 1 && !more ? '1 buyer is' : `${count}${more} buyers are`} waiting for access details
          {overdue > 0 ? ` (${overdue} past 24 hours)` : ''}
        </Alert.Title>
        <Alert.Description>Send them their access and record it under Pending Licenses in My Apps.</Alert.Description>
      </Alert.Content>
      <ButtonLink to={paths.myApps} size="sm" variant="outline">
        Open My Apps
      </ButtonLink>
    </Alert.Root>
  );
}
