import { PendingLicences } from '@/components/manual-licences/pending-licences';
import { completeManualLicence, useManualLicences } from '../api/manual-licences';
import type { OwnApp } from '../types';
import { ToolDialog } from './tool-dialog';

/** The app's purchases waiting for manual access details: one form per buyer. */
export function ManualLicencesDialog({ app, onClose }: { app: Pick<OwnApp, 'id' | 'name'>; onClose: () => void }) {
  const { data, error, isLoading, mutate } = useManualLicences();
  const mine = (data ?? []).filter((l) => l.app_id === app.id);
  return (
    <ToolDialog title="Pending Licenses" appName={app.name} onClose={onClose}>
      <PendingLicences
        licences={mine}
        error={error}
        isLoading={isLoading}
        intro="Buyers were promised access details within 24 hours."
        complete={async (purchaseId, body) => {
          await completeManualLicence(purchaseId, body);
          void mutate();
        }}
      />
    </ToolDialog>
  );
}
