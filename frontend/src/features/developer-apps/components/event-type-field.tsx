import { Field, Input } from '@chakra-ui/react';
import { NativeSelectField } from '@/components/ui/native-select-field';

/**
 * The required 'Event Type' of a webhook or a test event: a select of the event types the API
 * lists, or a text input while it lists none.
 */
export function EventTypeField({
  eventTypes,
  value,
  onChange,
  bg,
}: {
  eventTypes: readonly string[] | undefined;
  value: string;
  onChange: (value: string) => void;
  /** The control's background (inside a tinted box). */
  bg?: string;
}) {
  return (
    <Field.Root required>
      <Field.Label>
        Event Type <Field.RequiredIndicator />
      </Field.Label>
      {eventTypes && eventTypes.length > 0 ? (
        <NativeSelectField
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          bg={bg}
          placeholder="Select an event"
          options={eventTypes}
        />
      ) : (
        <Input
          bg={bg}
          placeholder="e.g. appointment.created"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field.Root>
  );
}
