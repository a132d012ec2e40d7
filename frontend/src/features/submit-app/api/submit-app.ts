import type { AppSubmitPayload } from '@shared/schemas/apps';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { EditableApp } from '../types';
import { revalidateAppViews } from './revalidate-app-views';

/** POST /api/apps/submit (a new public app, Pending Review) or PUT /api/apps/{id}/update. */
export const submitApp = (payload: AppSubmitPayload, appId?: string) =>
  appId
    ? api.put<EditableApp>(`/api/apps/${encodeURIComponent(appId)}/update`, payload)
    : api.post<EditableApp>('/api/apps/submit', payload);

export function useSubmitApp(appId?: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    appId ? `/api/apps/${appId}#update` : '/api/apps#submit',
    async (_key: string, { arg }: { arg: AppSubmitPayload }) => {
      const app = await submitApp(arg, appId);
      await revalidateAppViews(mutate);
      return app;
    },
  );
}
