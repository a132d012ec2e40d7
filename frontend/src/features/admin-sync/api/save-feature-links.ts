import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { api } from '@/lib/api-client';
import type { SaveLinksInput, SaveLinksResponse } from '../types';
import { featureLinksPath } from './get-feature-links';
import { FEATURES_PATH } from './get-features';

/** POST /api/internal-sync/features/{id}/link-events: replaces the feature's linked event types and tables. */
export const saveFeatureLinks = (input: SaveLinksInput) =>
  api.post<SaveLinksResponse>(featureLinksPath(input.feature_id), input);

export function useSaveFeatureLinks(featureId: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    featureLinksPath(featureId),
    (_key: string, { arg }: { arg: SaveLinksInput }) => saveFeatureLinks(arg),
    {
      onSuccess: () => {
        // The rows' counts change with the links.
        void mutate((key) => typeof key === 'string' && key.startsWith(FEATURES_PATH));
      },
    },
  );
}
