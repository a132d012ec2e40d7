import { Box, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { PermissionsCatalogue } from '@shared/schemas/permissions';
import type { PermissionChoice, PermissionsDraft } from '../utils/draft';

/**
 * The developer's declaration of the data their app touches, against the synced catalogue:
 * per feature no access / reads / writes / both, the event types it subscribes to, and whether
 * they sign a Business Associate Agreement (with its https link). Controlled: the submission
 * wizard holds the draft and saves it with the listing.
 */
export function PermissionsFields({
  catalogue,
  value,
  onChange,
  error,
}: {
  catalogue: PermissionsCatalogue;
  value: PermissionsDraft;
  onChange: (next: PermissionsDraft) => void;
  error?: string;
}) {
  const events = new Set(value.event_types);
  const toggleEvent = (id: string, on: boolean) => {
    const next = new Set(events);
    if (on) next.add(id);
    else next.delete(id);
    onChange({ ...value, event_types: catalogue.event_types.map((e) => e.id).filter((e) => next.has(e)) });
  };
  return (
    <Stack gap="4">
      <Text color="fg.muted" textStyle="sm">
        Declare only what your app needs: practices judge the minimum necessary from this before they buy.
      </Text>
      <Stack as="fieldset" gap="2">
        <Text as="legend" fontWeight="semibold" fontSize="sm" mb="1">
          Features your app reads or writes
        </Text>
        {catalogue.features.map((f) => (
          <HStack key={f.id} justify="space-between" gap="3">
            <label htmlFor={`da-${f.id}`}>
              {f.name}{' '}
              <Text as="span" color="fg.muted" textStyle="sm">
                ({f.table_count} tables)
              </Text>
            </label>
            <NativeSelect.Root size="sm" width="48">
              <NativeSelect.Field
                id={`da-${f.id}`}
                value={value.modes[f.id] ?? 'none'}
                onChange={(e) =>
                  onChange({ ...value, modes: { ...value.modes, [f.id]: e.target.value as PermissionChoice } })
                }
              >
                <option value="none">No access</option>
                <option value="read">Reads</option>
                <option value="write">Writes</option>
                <option value="read_write">Reads and writes</option>
              </NativeSelect.Field>
            </NativeSelect.Root>
          </HStack>
        ))}
      </Stack>
      {catalogue.event_types.length > 0 && (
        <Stack as="fieldset" gap="1">
          <Text as="legend" fontWeight="semibold" fontSize="sm" mb="1">
            Event types your app subscribes to
          </Text>
          {catalogue.event_types.map((e) => (
            <label key={e.id}>
              <input
                type="checkbox"
                checked={events.has(e.id)}
                onChange={(ev) => toggleEvent(e.id, ev.target.checked)}
              />{' '}
              {e.id}
            </label>
          ))}
        </Stack>
      )}
      <label>
        <input
          type="checkbox"
          checked={value.baa_signed}
          onChange={(e) => onChange({ ...value, baa_signed: e.target.checked })}
        />{' '}
        We sign a Business Associate Agreement (BAA)
      </label>
      <Box>
        <label htmlFor="da-baa-url">BAA link (https)</label>
        <Input
          id="da-baa-url"
          type="url"
          placeholder="https://"
          value={value.baa_url}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'da-error' : undefined}
          onChange={(e) => onChange({ ...value, baa_url: e.target.value })}
        />
      </Box>
      {error && (
        <Text id="da-error" role="alert" color="red.700" textStyle="sm">
          {error}
        </Text>
      )}
    </Stack>
  );
}
