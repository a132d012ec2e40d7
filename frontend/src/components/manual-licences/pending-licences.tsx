import { Badge, Box, Button, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  type CompleteManualLicenceInput,
  CompleteManualLicenceRequest,
  MANUAL_DETAILS_MAX,
  MANUAL_KEY_MAX,
  type ManualLicence,
} from '@shared/schemas/manual-licences';
import { type ReactNode, useId, useState } from 'react';
import * as z from 'zod';
import { errorText } from '@/lib/api-client';
import { firstErrorMessage } from '@/lib/form-errors';
import { useZodForm } from '@/lib/use-zod-form';
import { formatDate } from '@/utils/format';
import { LoadError } from '../ui/load-error';
import { notifySuccess } from '../ui/toaster';

/** Records what was sent to one buyer (the developer's and the admin's endpoints take the same body). */
export type CompleteLicence = (purchaseId: string, body: CompleteManualLicenceInput) => Promise<unknown>;

/** The two fields as typed, checked by the completion API's schema (details and/or a key; blank is none). */
const DeliveryForm = z
  .object({ access_details: z.string(), license_key: z.string() })
  .transform((fields): z.input<typeof CompleteManualLicenceRequest> => fields)
  .pipe(CompleteManualLicenceRequest);

interface PendingLicenceFormProps {
  licence: ManualLicence;
  complete: CompleteLicence;
  /** The admin's list spans every app, so each form names its app. */
  showApp: boolean;
}

/** One buyer waiting for access: what was sent (details and/or a licence key) is recorded and emailed. */
function PendingLicenceForm({ licence, complete, showApp }: PendingLicenceFormProps) {
  const { register, handleSubmit } = useZodForm(DeliveryForm, {
    defaultValues: { access_details: '', license_key: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const idBase = useId();

  const submit = handleSubmit(
    async (body: CompleteManualLicenceInput) => {
      setError(null);
      setSaving(true);
      try {
        await complete(licence.purchase_id, body);
        notifySuccess(`License delivered to ${licence.buyer_email}`);
      } catch (err) {
        setError(errorText(err, 'Could not complete the license. Please try again.'));
      } finally {
        setSaving(false);
      }
    },
    (errors) => setError(firstErrorMessage(errors) ?? 'Check the form'),
  );

  const buyer = licence.buyer_name ? `${licence.buyer_name} <${licence.buyer_email}>` : licence.buyer_email;
  return (
    <Box
      as="form"
      onSubmit={submit}
      borderWidth="1px"
      borderRadius="lg"
      p="4"
      aria-label={
        showApp ? `Deliver ${licence.app_name} to ${licence.buyer_email}` : `Deliver to ${licence.buyer_email}`
      }
      data-testid={`pending-licence-${licence.purchase_id}`}
    >
      <Stack gap="3">
        <HStack justify="space-between" flexWrap="wrap" align="start">
          <Box minW="0">
            {showApp && (
              <Text fontWeight="semibold" overflowWrap="anywhere">
                {licence.app_name}
              </Text>
            )}
            <Text
              fontSize={showApp ? 'sm' : undefined}
              fontWeight={showApp ? undefined : 'semibold'}
              overflowWrap="anywhere"
            >
              {buyer}
            </Text>
          </Box>
          <HStack gap="2">
            <Text fontSize="sm" color="fg.muted">
              Waiting since {formatDate(licence.pending_since, 'minutes')}
            </Text>
            {licence.overdue && <Badge colorPalette="red">Overdue</Badge>}
          </HStack>
        </HStack>
        <Field.Root invalid={!!error}>
          <Field.Label htmlFor={`${idBase}-details`}>Access details</Field.Label>
          <Textarea
            id={`${idBase}-details`}
            maxLength={MANUAL_DETAILS_MAX}
            placeholder="How the buyer signs in or gets started"
            {...register('access_details')}
          />
        </Field.Root>
        <Field.Root invalid={!!error}>
          <Field.Label htmlFor={`${idBase}-key`}>License key (optional)</Field.Label>
          <Input id={`${idBase}-key`} maxLength={MANUAL_KEY_MAX} {...register('license_key')} />
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        <Text fontSize="xs" color="fg.muted">
          The buyer is emailed these details and their license turns active.
        </Text>
        <Box>
          <Button type="submit" size="sm" colorPalette="blue" loading={saving}>
            Send and mark delivered
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

export interface PendingLicencesProps {
  licences: readonly ManualLicence[];
  error: unknown;
  isLoading: boolean;
  /** The sentence above the forms (the promise made to buyers). */
  intro: ReactNode;
  /** Sends one completion; the caller refreshes its lists. */
  complete: CompleteLicence;
  showApp?: boolean;
}

/**
 * Manual licences still waiting for their access details, one form per buyer: the developer's
 * per-app dialog in My Apps and the admin's cross-app dialog in App Management both show this.
 */
export function PendingLicences({
  licences,
  error,
  isLoading,
  intro,
  complete,
  showApp = false,
}: PendingLicencesProps) {
  if (error) {
    return <LoadError error={error} fallback="Failed to load pending licenses" />;
  }
  if (isLoading) return <Text color="fg.muted">Loading…</Text>;
  if (licences.length === 0) return <Text color="fg.muted">No buyers are waiting for access.</Text>;
  return (
    <Stack gap="4">
      <Text fontSize="sm">{intro}</Text>
      {licences.map((l) => (
        <PendingLicenceForm key={l.purchase_id} licence={l} complete={complete} showApp={showApp} />
      ))}
    </Stack>
  );
}
