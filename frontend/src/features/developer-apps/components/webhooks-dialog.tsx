import {
  Alert,
  Badge,
  Box,
  Button,
  Code,
  Field,
  HStack,
  IconButton,
  Input,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import { CreateWebhookRequest, SECRET_FORMAT } from '@shared/schemas/webhooks';
import { useState } from 'react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { LabelledSwitch } from '@/components/ui/labelled-switch';
import { LoadError } from '@/components/ui/load-error';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { firstErrorMessage } from '@/lib/form-errors';
import { useZodForm } from '@/lib/use-zod-form';
import { useCreateAppWebhook } from '../api/create-app-webhook';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useAppWebhooks } from '../api/get-app-webhooks';
import { useEventTypes } from '../api/get-event-types';
import type { OwnApp } from '../types';
import { isNotAvailable } from '../utils/app-status';
import { EventTypeField } from './event-type-field';
import { NotAvailableYet, ToolDialog } from './tool-dialog';

/**
 * A new webhook, as the API checks it (event type and target URL required, the spec's one message);
 * a secret of one's own needs at least 24 characters (blank: the server generates a whsec_ one, and
 * checks that a whsec_ secret is well-formed itself).
 */
const NewWebhook = CreateWebhookRequest.required({ secret: true, is_active: true }).refine(
  (v) => !v.secret || v.secret.length >= 24,
  { message: SECRET_FORMAT, path: ['secret'] },
);

/** The app's webhooks (GET/POST /api/apps/{id}/webhooks, DELETE /api/webhooks/{id}). */
export function WebhooksDialog({ app, onClose }: { app: OwnApp; onClose: () => void }) {
  const { data: webhooks, error, isLoading } = useAppWebhooks(app.id);
  const available = !isNotAvailable(error);
  const { data: eventTypes } = useEventTypes(available);
  const create = useCreateAppWebhook(app.id);
  const remove = useDeleteWebhook(app.id);
  const { confirm, dialog } = useConfirm();
  const form = useZodForm(NewWebhook, {
    defaultValues: { event_type: '', target_url: '', secret: '', is_active: true },
  });
  const { register, setValue, watch } = form;
  const [formError, setFormError] = useState<string | null>(null);
  /** The new webhook's full secret: shown once, until the dialog closes or another is added. */
  const [newSecret, setNewSecret] = useState<{ eventType: string; secret: string } | null>(null);

  const onCreate = form.handleSubmit(
    async ({ event_type, target_url, secret, is_active }) => {
      setFormError(null);
      setNewSecret(null);
      try {
        const created = await create.trigger({ event_type, target_url, ...(secret ? { secret } : {}), is_active });
        if (created?.secret) setNewSecret({ eventType: created.event_type, secret: created.secret });
        notifySuccess('Webhook created');
        setValue('target_url', '');
        setValue('secret', '');
      } catch (err) {
        notifyError(errorText(err, MSG.failedCreateWebhook));
      }
    },
    (errors) => setFormError(firstErrorMessage(errors) ?? MSG.fillAllWebhookFields),
  );

  async function onDelete(id: string) {
    if (!(await confirm({ message: MSG.confirmDeleteWebhook, destructive: true, confirmLabel: 'Delete' }))) return;
    try {
      await remove.trigger(id);
    } catch (err) {
      notifyError(errorText(err, MSG.failedDeleteWebhook));
    }
  }

  return (
    <ToolDialog title="Webhooks" appName={app.name} onClose={onClose} size="xl">
      {!available ? (
        <NotAvailableYet what="Webhooks" />
      ) : (
        <Stack gap="6">
          {error && <LoadError error={error} fallback="Failed to load webhooks" />}
          {newSecret && (
            <Alert.Root status="success" borderRadius="md" alignItems="flex-start">
              <Alert.Indicator />
              <Alert.Content minW="0">
                <Alert.Title>Signing secret for {newSecret.eventType}: copy it now, it is shown only once</Alert.Title>
                <Alert.Description>
                  <Code size="sm" data-testid="webhook-secret-once" wordBreak="break-all" mt="1">
                    {newSecret.secret}
                  </Code>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <Stack gap="2" as="section" aria-label="Configured webhooks">
            {isLoading && <Skeleton h="12" />}
            {!isLoading && !error && (webhooks ?? []).length === 0 && (
              <Text color="fg.muted" fontSize="sm">
                No webhooks yet. Add one below to receive events for this app.
              </Text>
            )}
            {(webhooks ?? []).map((w) => (
              <HStack key={w.id} borderWidth="1px" borderRadius="md" p="3" gap="3" data-testid={`webhook-${w.id}`}>
                <Box flex="1" minW="0">
                  <HStack gap="2">
                    <Code size="sm">{w.event_type}</Code>
                    <Badge colorPalette={w.is_active === false ? 'gray' : 'green'}>
                      {w.is_active === false ? 'Inactive' : 'Active'}
                    </Badge>
                    {w.event_type_available === false && (
                      <Badge colorPalette="orange" title="Nothing emits this event type any more: it receives nothing">
                        Event type no longer exists
                      </Badge>
                    )}
                  </HStack>
                  <Text fontSize="sm" truncate mt="1">
                    {w.target_url}
                  </Text>
                  {w.secret && (
                    <Text fontSize="xs" color="fg.muted">
                      Secret: <Code size="sm">{w.secret.slice(0, 10)}…</Code>
                    </Text>
                  )}
                </Box>
                <IconButton
                  aria-label={`Delete webhook ${w.event_type}`}
                  variant="ghost"
                  colorPalette="red"
                  size="sm"
                  onClick={() => onDelete(w.id)}
                >
                  <LuTrash2 />
                </IconButton>
              </HStack>
            ))}
          </Stack>

          <form onSubmit={onCreate} noValidate>
            <Box borderWidth="1px" borderRadius="lg" p="4" bg="bg.subtle">
              <Text fontWeight="semibold" mb="3">
                Add a webhook
              </Text>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <EventTypeField
                  eventTypes={eventTypes}
                  value={watch('event_type')}
                  onChange={(value) => setValue('event_type', value)}
                  bg="bg.panel"
                />
                <Field.Root required>
                  <Field.Label>
                    Target URL <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    bg="bg.panel"
                    type="url"
                    placeholder="https://example.com/webhooks"
                    {...register('target_url')}
                  />
                </Field.Root>
                <Field.Root>
                  <Field.Label>Secret</Field.Label>
                  <Input bg="bg.panel" {...register('secret')} />
                  <Field.HelperText>
                    Leave empty to generate a whsec_ secret, or give your own of at least 24 characters.
                  </Field.HelperText>
                </Field.Root>
                <LabelledSwitch
                  label="Active"
                  checked={watch('is_active')}
                  onChange={(checked) => setValue('is_active', checked)}
                  alignSelf="center"
                />
              </SimpleGrid>
              {formError && (
                <Text color="red.600" fontSize="sm" mt="3" role="alert">
                  {formError}
                </Text>
              )}
              <Button type="submit" colorPalette="brand" mt="4" loading={create.isMutating}>
                <LuPlus /> Add Webhook
              </Button>
            </Box>
          </form>
        </Stack>
      )}
      {dialog}
    </ToolDialog>
  );
}
