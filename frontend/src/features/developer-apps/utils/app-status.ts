import { APP_STATUS_PALETTE, APP_STATUSES, type AppStatus, appStatusOf } from '@shared/app-status';
import { ApiError } from '@/lib/api-client';
import type { OwnApp } from '../types';

/** The app's one status (shared/app-status.ts): the server's `status` when given, else derived the same way. */
export function appStatus(
  app: Pick<OwnApp, 'type' | 'is_approved'> & { status?: string | null; is_suspended?: boolean | null },
): {
  label: AppStatus;
  palette: string;
} {
  const label = (APP_STATUSES as readonly string[]).includes(app.status ?? '')
    ? (app.status as AppStatus)
    : appStatusOf(app);
  return { label, palette: APP_STATUS_PALETTE[label] };
}

/** A route whose API is not deployed yet answers 501: the tool dialogs say so instead of failing. */
export const isNotAvailable = (error: unknown): boolean => error instanceof ApiError && error.status === 501;
