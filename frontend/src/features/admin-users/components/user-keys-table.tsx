import { Table, Text } from '@chakra-ui/react';
import type { ApiKey } from '@shared/schemas/keys';
import { KEY_COLUMNS, KeySummaryCells, RotateKeyButton } from '@/components/ui/api-key-parts';
import { DataTable } from '@/components/ui/data-table';
import { panelStyle } from '@/components/ui/surfaces';

/** A developer's keys as the admin sees them: prefixes only, with a Rotate action. */
export function UserKeysTable({
  keys,
  onRotate,
  busyId,
}: {
  keys: ApiKey[];
  onRotate: (key: ApiKey) => void;
  busyId: string | null;
}) {
  if (keys.length === 0) {
    return (
      <Text color="gray.500" {...panelStyle} p="6" textAlign="center">
        This user has no API keys.
      </Text>
    );
  }
  return (
    <DataTable label="API keys" columns={KEY_COLUMNS}>
      {keys.map((key) => (
        <Table.Row key={key.id} data-testid={`user-key-${key.id}`}>
          <KeySummaryCells apiKey={key} />
          <Table.Cell textAlign="end">
            <RotateKeyButton apiKey={key} onRotate={onRotate} busyId={busyId} />
          </Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}
