import { Alert } from '@chakra-ui/react';
import { ButtonLink } from '@/components/ui/links';
import { paths } from '@/config/paths';
import { useManualLicences } from '../api/manual-licences';

/** Developer dashboard: how many buyers wait for manual access details; nothing when none. */
export function PendingLicencesNotice() {
  const { data } = useManualLicences();
  const count = data?.length ?? 0;
  if (count === 0) return null;
  const overdue = data?.filter((l) => l.overdue).length ?? 0;
  return (
    <Alert.Root status="warning" borderRadius="md" mb="6" data-testid="pending-licences-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {count === 1 ? '1 buyer is' : `${count} buyers are`} waiting for access details
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
