import { AppLink } from '@/components/ui/links';
import { NoteCard } from '@/components/ui/note-card';
import { paths } from '@/config/paths';
import { useAdminApps } from '../api/get-admin-apps';

/** Admin Dashboard: approved apps whose name, texts, URLs, instructions or price changed. */
export function EditedAppsCard() {
  return (
    <NoteCard read={useAdminApps()} title="Edited after approval" failed="Failed to load apps" testId="edited-apps">
      {(data) => {
        const flagged = data.filter((a) => a.review_flag);
        if (flagged.length === 0) return 'No approved app has material edits to review.';
        const names = flagged
          .slice(0, 5)
          .map((a) => a.name)
          .join(', ');
        return (
          <>
            {`${flagged.length} approved ${flagged.length === 1 ? 'app has' : 'apps have'} material edits to review: ${names}${flagged.length > 5 ? ', …' : ''}. `}
            <AppLink to={paths.adminApps}>Review in App Management</AppLink>
          </>
        );
      }}
    </NoteCard>
  );
}
