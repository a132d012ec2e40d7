import { Badge, Button } from '@chakra-ui/react';
import type { ManualLicence } from '@shared/schemas/manual-licences';
import { useState } from 'react';
import { LuClock } from 'react-icons/lu';
import { PendingLicences } from '@/components/manual-licences/pending-licences';
import { AppDialog } from '@/components/ui/app-dialog';
import { usePagedList } from '@/lib/use-paged-list';
import { useCompleteManualLicence } from '../api/complete-manual-licence';
import {
  ADMIN_MANUAL_LICENCES_KEY,
  getAdminManualLicencesAfter,
  useAdminManualLicences,
} from '../api/get-admin-manual-licences';

/**
 * App Management's "Pending Licenses" button: every manual licence still waiting for its access
 * details, across all apps (oldest first); the admin can complete any of them for the developer.
 */
export function PendingLicencesButton() {
  const { data, error, isLoading } = useAdminManualLicences();
  const complete = useCompleteManualLicence();
  const [open, setOpen] = useState(false);
  // The first page (oldest first), then the next ones on "Load more" (next_cursor); keyed by purchase.
  const withId = (page: { licences: ManualLicence[]; next_cursor: string | null }) => ({
    items: page.licences.map((l) => ({ ...l, id: l.purchase_id })),
    next_cursor: page.next_cursor,
  });
  const list = usePagedList(ADMIN_MANUAL_LICENCES_KEY, data && withId(data), async (cursor) =>
    withId(await getAdminManualLicencesAfter(cursor)),
  );
  const licences = list.items;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <LuClock aria-hidden /> Pending Licenses ({data?.pending_count ?? 0})
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
          {list.hasMore && (
            <Button size="sm" variant="outline" mt="4" loading={list.loading} onClick={() => void list.loadMore()}>
              Load more pending licenses
            </Button>
          )}
        </AppDialog>
      )}
    </>
  );
}
