import { Alert, Badge, Box, Button, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import type { ManualLicence } from '../../../../../shared/schemas/manual-licences';
import {
  CompleteManualLicenceRequest,
  MANUAL_DETAILS_MAX,
  MANUAL_KEY_MAX,
} from '../../../../../shared/schemas/manual-licences';
import { notifySuccess } from '../../../components/ui/toaster';
import { errorText } from '../../../lib/api-client';
import { formatDate } from '../../../utils/format';
import { completeManualLicence, useManualLicences } from '../api/manual-licences';
import type { OwnApp } from '../types';
import { ToolDialog } from './tool-dialog';

/** One buyer waiting for access: the developer records what they sent (details and/or a licence key). */
function PendingLicenceForm({ licence, onDone }: { licence: ManualLicence; onDone: () => void }) {
  const [details, setDetails] = useState('');
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const idBase = `manual-${licence.purchase_id}`;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = CompleteManualLicenceRequest.safeParse({ access_details: details, license_key: key });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    setError(null);
    setSaving(true);
    try {
      await completeManualLicence(licence.purchase_id, parsed.data);
      notifySuccess(`License delivered to ${licence.buyer_email}`);
      onDone();
    } catch (err) {
      setError(errorText(err, 'Could not complete the license. Please try again.'));
    } finally {
      setSaving(false);
    }
  }

  const buyer = licence.buyer_name ? `${licence.buyer_name} <${licence.buyer_email}>` : licence.buyer_email;
  return (
    <Box
      as="form"
      onSubmit={submit}
      borderWidth="1px"
      borderRadius="lg"
      p="4"
      aria-label={`Deliver to ${licence.buyer_email}`}
    >
      <Stack gap="3">
        <HStack justify="space-between" flexWrap="wrap">
          <Text fontWeight="semibold">{buyer}</Text>
          <HStack gap="2">
            <Text fontSize="sm" color="fg.muted">
              Waiting since {formatDate(licence.pending_since)}
            </Text>
            {licence.overdue && <Badge colorPalette="red">Overdue</Badge>}
          </HStack>
        </HStack>
        <Field.Root invalid={!!error}>
          <Field.Label htmlFor={`${idBase}-details`}>Access details</Field.Label>
          <Textarea
            id={`${idBase}-details`}
            value={details}
            maxLength={MANUAL_DETAILS_MAX}
            onChange={(e) => setDetails(e.target.value)}
            placeholder="How the buyer signs in or gets started"
          />
        </Field.Root>
        <Field.Root invalid={!!error}>
          <Field.Label htmlFor={`${idBase}-key`}>License key (optional)</Field.Label>
          <Input id={`${idBase}-key`} value={key} maxLength={MANUAL_KEY_MAX} onChange={(e) => setKey(e.target.value)} />
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

/** The app's purchases waiting for manual access details: one form per buyer. */
export function ManualLicencesDialog({ app, onClose }: { app: Pick<OwnApp, 'id' | 'name'>; onClose: () => void }) {
  const { data, error, isLoading, mutate } = useManualLicences();
  const mine = (data ?? []).filter((l) => l.app_id === app.id);
  return (
    <ToolDialog title="Pending Licenses" appName={app.name} onClose={onClose}>
      {error ? (
        <Alert.Root status="error" borderRadius="md">
          <Alert.Indicator />
          <Alert.Title>{errorText(error, 'Failed to load pending licenses')}</Alert.Title>
        </Alert.Root>
      ) : isLoading ? (
        <Text color="fg.muted">Loading…</Text>
      ) : mine.length === 0 ? (
        <Text color="fg.muted">No buyers are waiting for access.</Text>
      ) : (
        <Stack gap="4">
          <Text fontSize="sm">Buyers were promised access details within 24 hours.</Text>
          {mine.map((l) => (
            <PendingLicenceForm key={l.purchase_id} licence={l} onDone={() => void mutate()} />
          ))}
        </Stack>
      )}
    </ToolDialog>
  );
}
