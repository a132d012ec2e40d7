import { NoteCard } from '@/components/ui/note-card';
import { useAdminManualLicences } from './api/get-admin-manual-licences';

/** Admin Dashboard: manual licences still pending past the promised 24 hours. */
export function OverdueLicencesCard() {
  return (
    <NoteCard
      read={useAdminManualLicences()}
      title="Manual licences"
      failed="Failed to load pending licences"
      testId="overdue-licences"
    >
      {(data) =>
        `${data.overdue_count} overdue past ${data.overdue_hours} hours (${data.pending_count} pending in all)`
      }
    </NoteCard>
  );
}
