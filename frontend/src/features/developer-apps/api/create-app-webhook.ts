import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { AppWebhook } from '../types';
import { appWebhooksKey } from './get-app-webhooks';

/** POST /api/apps/{id}/webhooks (section 7). */
export interface CreateWebhookInput {
  event_type: string;
  target_url: string;
  /** Omitted: the server generates a whsec_ secret. */
  secret?: string;
  is_active: boolean;
}

export const createAppWebhook = (appId: string, body: CreateWebhookInput) =>
  api.post<AppWebhook>(appWebhooksKey(appId), body);

/** Revalidates the app's webhook list once the webhook exists. */
export function useCreateAppWebhook(appId: string) {
  return useSWRMutation(appWebhooksKey(appId), (_key: string, { arg }: { arg: CreateWebhookInput }) =>
    createAppWebhook(appId, arg),
  );
}
