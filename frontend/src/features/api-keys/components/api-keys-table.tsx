import { Button, HStack, Table } from '@chakra-ui/react';
import type { ApiKey } from '@shared/schemas/keys';
import { LuEye } from 'react-icons/lu';
import { KEY_COLUMNS, KeySummaryCells, RotateKeyButton } from '@/components/ui/api-key-parts';
import { DataTable } from '@/components/ui/data-table';
import { DELETE_ACTION, RowAction } from '@/components/ui/row-action';

export interface KeyActions {
  onRotate: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
  /** Shows, once, the replacement an admin's rotation issued (keys with replacement_ready). */
  onReveal: (key: ApiKey) => void;
  /** The key whose rotate, reveal or delete is in flight. */
  busyId: string | null;
}

/** The key list on wider screens: the key column shows the first 20 characters (docs/spec.md section 2). */
export function ApiKeysTable({ keys, onRotate, onDelete, onReveal, busyId }: { keys: ApiKey[] } & KeyActions) {
  return (
    <DataTable label="API keys" columns={KEY_COLUMNS} scrollProps={{ hideBelow: 'md' }}>
      {keys.map((key) => (
        <Table.Row key={key.id} data-testid={`key-row-${key.id}`}>
          <KeySummaryCells apiKey={key} />
          <Table.Cell textAlign="end">
            <HStack gap="1" justify="flex-end">
              {key.replacement_ready && (
                <Button
                  size="xs"
                  colorPalette="brand"
                  onClick={() => onReveal(key)}
                  disabled={busyId !== null}
                  aria-label={`Show new key for ${key.key}`}
                >
                  <LuEye aria-hidden /> Show new key
                </Button>
              )}
              <RotateKeyButton apiKey={key} onRotate={onRotate} busyId={busyId} />
              <RowAction {...DELETE_ACTION} target={key.key} onClick={() => onDelete(key)} disabled={busyId !== null} />
            </HStack>
          </Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}
