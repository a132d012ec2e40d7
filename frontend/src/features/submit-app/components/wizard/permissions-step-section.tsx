import { Box, Text } from '@chakra-ui/react';
import { PERMISSIONS_MESSAGES } from '@shared/schemas/permissions';
import type { ReactNode } from 'react';
import { usePermissionsCatalogue } from '@/components/permissions/api/get-catalogue';
import { usePermissions } from '@/components/permissions/api/get-permissions';
import { PermissionsFields } from '@/components/permissions/components/permissions-fields';
import { draftFromDeclaration } from '@/components/permissions/utils/draft';
import type { StepProps } from './step-props';

/**
 * Step 3's "Permissions": which catalogue features the app reads or writes, the event types it
 * subscribes to and the BAA. The draft lives in the wizard (values.data_access, null while
 * untouched) and is saved with PUT /api/apps/{id}/data-access after the listing is saved. Before
 * the internal sync has loaded the catalogue the section says so instead of an empty list.
 */
export function PermissionsStepSection({ values, set, errors, appId }: StepProps) {
  const catalogue = usePermissionsCatalogue();
  const current = usePermissions(appId, 'review');
  const loading = catalogue.isLoading || (appId !== undefined && current.isLoading);
  let body: ReactNode;
  if (loading) body = <Text color="fg.muted">Loading the practice system catalogue...</Text>;
  else if (!catalogue.data || (appId !== undefined && current.error))
    body = <Text role="alert">The app’s permissions could not be loaded. Try again later.</Text>;
  else if (!catalogue.data.catalogue_synced) body = <Text>{PERMISSIONS_MESSAGES.notSynced}</Text>;
  else
    body = (
      <PermissionsFields
        catalogue={catalogue.data}
        value={values.data_access ?? draftFromDeclaration(current.data?.declaration)}
        onChange={(next) => set('data_access', next)}
        error={errors.data_access}
      />
    );
  return (
    <Box as="section" aria-labelledby="wizard-permissions">
      <Text id="wizard-permissions" as="h3" fontWeight="medium" fontSize="sm" mb="1">
        Permissions
      </Text>
      {body}
    </Box>
  );
}
