import useSWR from 'swr';
import { api } from '@/lib/api-client';
import type { EditableApp } from '../types';

export const editableAppKey = (id: string) => `/api/apps/${encodeURIComponent(id)}`;

/**
 * GET /api/apps/{id}: the developer's own app for editing (another developer's answers 404).
 * Always fetched on mount (the form must start from the stored app, not an older cached copy);
 * never on focus, which would not change the form anyway.
 */
export function useEditableApp(id: string | null) {
  return useSWR(id ? editableAppKey(id) : null, (key: string) => api.get<EditableApp>(key), {
    revalidateOnFocus: false,
    revalidateOnMount: true,
  });
}
