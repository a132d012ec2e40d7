import type { QuickAppPayload } from '@shared/schemas/apps';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { EditableApp } from '../types';
import { revalidateAppViews } from './revalidate-app-views';

/** POST /api/apps (quick create) or PUT /api/apps/{id} (quick update; the type never changes). */
export const saveQuickApp = (input: QuickAppPayload, appId?: string) =>
  appId
    ? api.put<EditableApp>(`/api/apps/${encodeURIComponent(appId)}`, input)
    : api.post<EditableApp>('/api/apps', input);

export function useSaveQuickApp(appId?: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    appId ? `/api/apps/${appId}#quick-update` : '/api/apps#quick-create',
    async (_key: string, { arg }: { arg: QuickAppPayload }) => {
      const app = await saveQuickApp(arg, appId);
      await revalidateAppViews(mutate);
      return app;
    },
  );
}
