import { Text } from '@chakra-ui/react';
import useSWR from 'swr';
import type { AdminApp } from '../../../../../shared/schemas/apps';
import { AppLink } from '../../../components/ui/links';
import { NoteCard } from '../../../components/ui/note-card';
import { paths } from '../../../config/paths';
import { fetcher } from '../../../lib/api-client';

/** Admin Dashboard: approved apps whose name, texts, URLs, instructions or price changed. */
export function EditedAppsCard() {
  const { data, error } = useSWR<AdminApp[]>('/api/admin/apps', fetcher);
  const flagged = data?.filter((a) => a.review_flag) ?? [];
  return (
    <NoteCard
      headingId="edited-apps-title"
      title="Edited after approval"
      error={error}
      failed="Failed to load apps"
      loading={!data}
    >
      {data && (
        <Text data-testid="edited-apps">
          {flagged.length === 0
            ? 'No approved app has material edits to review.'
            : `${flagged.length} approved ${flagged.length === 1 ? 'app has' : 'apps have'} material edits to review: ${flagged
                .slice(0, 5)
                .map((a) => a.name)
                .join(', ')}${flagged.length > 5 ? ', …' : ''}. `}
          {flagged.length > 0 && <AppLink to={paths.adminApps}>Review in App Management</AppLink>}
        </Text>
      )}
    </NoteCard>
  );
}
