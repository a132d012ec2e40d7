import { Alert, Box, Button, Code, Field, Input, Stack, Text } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import { type FormEvent, useState } from 'react';
import { LuSend } from 'react-icons/lu';
import { notifyError } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { useEventTypes } from '../api/get-event-types';
import { type SimulateEventResult, useSimulateEvent } from '../api/simulate-event';
import type { OwnApp } from '../types';
import { isNotAvailable } from '../utils/app-status';
import { EventTypeField } from './event-type-field';
import { NotAvailableYet, ToolDialog } from './tool-dialog';

const summaryText = (result: SimulateEventResult): string => {
  const summary = result.summary ?? result.message ?? result;
  return typeof summary === 'string' ? summary : JSON.stringify(summary, null, 2);
};

/** Sends a test event to the app's webhooks (POST /api/simulate-event) and shows the summary. */
export function TestEventDialog({ app, onClose }: { app: OwnApp; onClose: () => void }) {
  const { data: eventTypes, error: typesError } = useEventTypes();
  const simulate = useSimulateEvent(app.id);
  const [eventType, setEventType] = useState('');
  const [message, setMessage] = useState('Test event from the developer portal');
  const [result, setResult] = useState<SimulateEventResult | null>(null);
  const [unavailable, setUnavailable] = useState(false);

  async function onSend(e: FormEvent) {
    e.preventDefault();
    if (!eventType) return;
    setResult(null);
    try {
      const answer = await simulate.trigger({
        app_id: app.id,
        event_type: eventType,
        data: { test: true, timestamp: new Date().toISOString(), message },
      });
      setResult(answer ?? {});
    } catch (err) {
      if (isNotAvailable(err)) setUnavailable(true);
      else notifyError(errorText(err, MSG.failedTestEvent));
    }
  }

  if (unavailable || isNotAvailable(typesError)) {
    return (
      <ToolDialog title="Test Event" appName={app.name} onClose={onClose}>
        <NotAvailableYet what="Test events" />
      </ToolDialog>
    );
  }

  return (
    <ToolDialog title="Test Event" appName={app.name} onClose={onClose}>
      <form onSubmit={onSend} noValidate>
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            Sends a sample event, marked as a test, to every active webhook of this app subscribed to it.
          </Text>
          <EventTypeField eventTypes={eventTypes} value={eventType} onChange={setEventType} />
          <Field.Root>
            <Field.Label>Message</Field.Label>
            <Input value={message} onChange={(e) => setMessage(e.target.value)} />
          </Field.Root>
          <Box>
            <Button type="submit" colorPalette="brand" loading={simulate.isMutating} disabled={!eventType}>
              <LuSend /> Send Test Event
            </Button>
          </Box>
          {result && (
            <Alert.Root status="success" borderRadius="md" alignItems="flex-start">
              <Alert.Indicator />
              <Alert.Content minW="0">
                <Alert.Title>Test event sent</Alert.Title>
                <Alert.Description>
                  <Code as="pre" display="block" whiteSpace="pre-wrap" mt="2" p="2" w="full" fontSize="xs">
                    {summaryText(result)}
                  </Code>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
        </Stack>
      </form>
    </ToolDialog>
  );
}
