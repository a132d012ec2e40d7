import { Button, Code, HStack, Table, Text } from '@chakra-ui/react';
import { LuEye, LuRefreshCw, LuTrash2 } from 'react-icons/lu';
import type { ApiKey } from '../../../../../shared/schemas/keys';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { formatDate } from '../../../utils/format';
import { keyColumnText } from '../utils/key-display';
import { KeyStatusBadge, KeyTypeBadge, ReplacementBadge, UsageMeter } from './key-badges';

export interface KeyActions {
  onRotate: (key: ApiKey) => void;
  onDelete: (key: ApiKey) => void;
  /** Shows, once, the replacement an admin's rotation issued (keys with replacement_ready). */
  onReveal: (key: ApiKey) => void;
  /** The key whose rotate, reveal or delete is in flight. */
  busyId: string | null;
}

const COLUMNS: DataColumn[] = ['Key', 'Type', 'Status', 'Usage today', 'Created', { label: 'Actions', align: 'end' }];

/** The key list on wider screens: the key column shows the first 20 characters (docs/spec.md section 2). */
export function ApiKeysTable({ keys, onRotate, onDelete, onReveal, busyId }: { keys: ApiKey[] } & KeyActions) {
  return (
    <DataTable label="API keys" columns={COLUMNS} scrollProps={{ hideBelow: 'md' }}>
      {keys.map((key) => (
        <Table.Row key={key.id} data-testid={`key-row-${key.id}`}>
          <Table.Cell>
            <Code size="sm" variant="surface" title="The full key is never shown again after creation">
              {keyColumnText(key.key)}
            </Code>
          </Table.Cell>
          <Table.Cell>
            <KeyTypeBadge type={key.type} />
          </Table.Cell>
          <Table.Cell>
            <KeyStatusBadge active={key.is_active} />
            {key.replacement_ready && <ReplacementBadge />}
          </Table.Cell>
          <Table.Cell>
            <UsageMeter used={key.usage_count} limit={key.limit} />
          </Table.Cell>
          <Table.Cell>
            <Text fontSize="sm" color="gray.600" whiteSpace="nowrap">
              {formatDate(key.created_at)}
            </Text>
          </Table.Cell>
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
              <Button
                size="xs"
                variant="ghost"
                onClick={() => onRotate(key)}
                loading={busyId === key.id}
                disabled={busyId !== null}
                aria-label={`Rotate ${key.key}`}
              >
                <LuRefreshCw aria-hidden /> Rotate
              </Button>
              <Button
                size="xs"
                variant="ghost"
                colorPalette="red"
                onClick={() => onDelete(key)}
                disabled={busyId !== null}
                aria-label={`Delete ${key.key}`}
              >
                <LuTrash2 aria-hidden /> Delete
              </Button>
            </HStack>
          </Table.Cell>
        </Table.Row>
      ))}
    </DataTable>
  );
}
