import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import { appWebhookLogsKey } from './get-app-webhook-logs';

/** POST /api/simulate-event (section 7): a test event to the app's webhooks. */
export interface SimulateEventInput {
  app_id: string;
  event_type: string;
  data: { test: true; timestamp: string; message: string };
}

export interface SimulateEventResult {
  summary?: unknown;
  message?: string;
}

export const simulateEvent = (body: SimulateEventInput) => api.post<SimulateEventResult>('/api/simulate-event', body);

/** The deliveries it causes show up in the app's webhook logs, so those are revalidated. */
export function useSimulateEvent(appId: string) {
  return useSWRMutation(appWebhookLogsKey(appId), (_key: string, { arg }: { arg: SimulateEventInput }) =>
    simulateEvent(arg),
  );
}
