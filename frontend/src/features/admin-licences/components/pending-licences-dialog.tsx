import { Badge, Button } from '@chakra-ui/react';
import { useState } from 'react';
import { LuClock } from 'react-icons/lu';
import { PendingLicences } from '../../../components/manual-licences/pending-licences';
import { AppDialog } from '../../../components/ui/app-dialog';
import { useCompleteManualLicence } from '../api/complete-manual-licence';
import { useAdminManualLicences } from '../api/get-admin-manual-licences';

/**
 * App Management's "Pending Licenses" button: every manual licence still waiting for its access
 * details, across all apps (oldest first); the admin can complete any of them for the developer.
 */
export function PendingLicencesButton() {
  const { data, error, isLoading } = useAdminManualLicences();
  const complete = useCompleteManualLicence();
  const [open, setOpen] = useState(false);
  const licences = data?.licences ?? [];
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <LuClock aria-hidden /> Pending Licenses ({licences.length})
        {!!data?.overdue_count && (
          <Badge colorPalette="red" variant="solid">
            {data.overdue_count} overdue
          </Badge>
        )}
      </Button>
      {open && (
        <AppDialog
          title="Pending Licenses"
          onClose={() => setOpen(false)}
          size={{ base: 'full', md: 'lg' }}
          scrollBehavior="inside"
        >
          <PendingLicences
            licences={licences}
            error={error}
            isLoading={isLoading}
            complete={complete}
            showApp
            intro={`Buyers of manual-licensing apps were promised access details within ${data?.overdue_hours ?? 24} hours. Complete one here when its developer cannot.`}
          />
        </AppDialog>
      )}
    </>
  );
}
