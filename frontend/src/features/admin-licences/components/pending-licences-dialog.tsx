import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Input,
  Portal,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { LuClock } from 'react-icons/lu';
import {
  CompleteManualLicenceRequest,
  MANUAL_DETAILS_MAX,
  MANUAL_KEY_MAX,
  type ManualLicence,
} from '../../../../../shared/schemas/manual-licences';
import { notifySuccess } from '../../../components/ui/toaster';
import { errorText } from '../../../lib/api-client';
import { useCompleteManualLicence } from '../api/complete-manual-licence';
import { useAdminManualLicences } from '../api/get-admin-manual-licences';

const formatWhen = (iso: string) =>
  Number.isFinite(Date.parse(iso))
    ? new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })
    : '—';

/** One buyer waiting for access: the admin records what was sent (details and/or a licence key). */
function CompleteLicenceForm({ licence }: { licence: ManualLicence }) {
  const complete = useCompleteManualLicence();
  const [details, setDetails] = useState('');
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const idBase = `admin-manual-${licence.purchase_id}`;

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
      await complete(licence.purchase_id, parsed.data);
      notifySuccess(`License delivered to ${licence.buyer_email}`);
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
      aria-label={`Deliver ${licence.app_name} to ${licence.buyer_email}`}
      data-testid={`pending-licence-${licence.purchase_id}`}
    >
      <Stack gap="3">
        <HStack justify="space-between" flexWrap="wrap" align="start">
          <Box minW="0">
            <Text fontWeight="semibold" overflowWrap="anywhere">
              {licence.app_name}
            </Text>
            <Text fontSize="sm" overflowWrap="anywhere">
              {buyer}
            </Text>
          </Box>
          <HStack gap="2">
            <Text fontSize="sm" color="fg.muted">
              Waiting since {formatWhen(licence.pending_since)}
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

/**
 * App Management's "Pending Licenses" button: every manual licence still waiting for its access
 * details, across all apps (oldest first); the admin can complete any of them for the developer.
 */
export function PendingLicencesButton() {
  const { data, error, isLoading } = useAdminManualLicences();
  const [open, setOpen] = useState(false);
  const licences = data?.licences ?? [];
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <LuClock aria-hidden /> Pending Licenses ({licences.length})
        {!!data?.overdue_count && (
          <Badge colorPalette="red" variant="solid">
            {data.overdue_count} overdue
          </Badge>
        )}
      </Button>
      {open && (
        <Dialog.Root
          open
          onOpenChange={(e) => !e.open && setOpen(false)}
          placement="center"
          size={{ base: 'full', md: 'lg' }}
          scrollBehavior="inside"
        >
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content>
                <Dialog.Header>
                  <Dialog.Title>Pending Licenses</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body pb="6">
                  {error ? (
                    <Alert.Root status="error" borderRadius="md">
                      <Alert.Indicator />
                      <Alert.Title>{errorText(error, 'Failed to load pending licenses')}</Alert.Title>
                    </Alert.Root>
                  ) : isLoading ? (
                    <Text color="fg.muted">Loading…</Text>
                  ) : licences.length === 0 ? (
                    <Text color="fg.muted">No buyers are waiting for access.</Text>
                  ) : (
                    <Stack gap="4">
                      <Text fontSize="sm">
                        Buyers of manual-licensing apps were promised access details within {data?.overdue_hours ?? 24}{' '}
                        hours. Complete one here when its developer cannot.
                      </Text>
                      {licences.map((l) => (
                        <CompleteLicenceForm key={l.purchase_id} licence={l} />
                      ))}
                    </Stack>
                  )}
                </Dialog.Body>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" />
                </Dialog.CloseTrigger>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      )}
    </>
  );
}
