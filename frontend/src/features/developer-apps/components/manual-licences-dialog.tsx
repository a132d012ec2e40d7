import type { ManualLicence } from '@shared/schemas/manual-licences';
import { useState } from 'react';
import { PendingLicences } from '@/components/manual-licences/pending-licences';
import { LoadMore } from '@/components/ui/load-more';
import { usePagedList } from '@/lib/use-paged-list';
import {
  completeManualLicence,
  getManualLicencesAfter,
  manualLicencesKey,
  useManualLicences,
} from '../api/manual-licences';
import type { OwnApp } from '../types';
import { ToolDialog } from './tool-dialog';

/** A page of the API keyed by purchase, as usePagedList reads it. */
const withId = (page: { licences: ManualLicence[]; next_cursor: string | null }) => ({
  items: page.licences.map((l) => ({ ...l, id: l.purchase_id })),
  next_cursor: page.next_cursor,
});

/**
 * The app's purchases waiting for manual access details: one form per buyer. The developer's list
 * is read a page at a time (oldest first, across their apps); "Load more" reads the next page.
 */
export function ManualLicencesDialog({ app, onClose }: { app: Pick<OwnApp, 'id' | 'name'>; onClose: () => void }) {
  const { data, error, isLoading, mutate } = useManualLicences();
  const list = usePagedList(manualLicencesKey, data && withId(data), async (cursor) =>
    withId(await getManualLicencesAfter(cursor)),
  );
  // Completed here: gone from the pages already loaded too (the first page is read again).
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const mine = list.items.filter((l) => l.app_id === app.id && !done.has(l.purchase_id));
  return (
    <ToolDialog title="Pending Licenses" appName={app.name} onClose={onClose}>
      <PendingLicences
        licences={mine}
        error={error}
        isLoading={isLoading}
        intro="Buyers were promised access details within 24 hours."
        complete={async (purchaseId, body) => {
          await completeManualLicence(purchaseId, body);
          setDone((prev) => new Set(prev).add(purchaseId));
          void mutate();
        }}
      />
      <LoadMore compact shown={mine.length} list={list} noun="pending licenses" />
    </ToolDialog>
  );
}
