import type { DeveloperInstall } from '@shared/schemas/installs';
import { api } from '@/lib/api-client';
import { useCursorPages } from '@/lib/use-cursor-pages';

type InstallPage = { items: DeveloperInstall[]; next_cursor: string | null };

/** Installs shown per page in the Analytics dialog. */
export const APP_INSTALLS_PAGE = 25;

/** GET /api/apps/{id}/installs: the practices' installs of the app, newest first, a page at a time (Load more). */
export function useAppInstalls(appId: string) {
  const { pages, ...list } = useCursorPages(
    `/api/apps/${encodeURIComponent(appId)}/installs?limit=${APP_INSTALLS_PAGE}`,
    (key) => api.get<InstallPage>(key),
    (p) => p.next_cursor,
  );
  return { ...list, installs: (pages ?? []).flatMap((p) => p.items) };
}
