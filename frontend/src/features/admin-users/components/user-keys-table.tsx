import { Badge, Box, Button, Code, Progress, Table, Text } from '@chakra-ui/react';
import { LuRefreshCw } from 'react-icons/lu';
import { MSG } from '../../../../../shared/messages';
import type { ApiKey } from '../../../../../shared/schemas/keys';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { formatCount, formatDate } from '../../../utils/format';

const COLUMNS: DataColumn[] = ['Key', 'Type', 'Status', 'Usage today', 'Created', { label: 'Actions', align: 'end' }];

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
      <Text color="gray.500" bg="white" borderWidth="1px" borderColor="gray.200" rounded="xl" p="6" textAlign="center">
        This user has no API keys.
      </Text>
    );
  }
  return (
    <DataTable label="API keys" columns={COLUMNS}>
      {keys.map((key) => {
        const pct = key.limit > 0 ? Math.min(100, (key.usage_count / key.limit) * 100) : 0;
        return (
          <Table.Row key={key.id} data-testid={`user-key-${key.id}`}>
            <Table.Cell>
              <Code size="sm" variant="surface">
                {key.key.slice(0, 20)}
              </Code>
            </Table.Cell>
            <Table.Cell>
              <Badge colorPalette={key.type === 'production' ? 'purple' : 'blue'} variant="subtle">
                {key.type === 'production' ? 'Production' : 'Staging'}
              </Badge>
            </Table.Cell>
            <Table.Cell>
              {key.is_active ? (
                <Badge colorPalette="green" variant="subtle">
                  Active
                </Badge>
              ) : (
                <Badge colorPalette="orange" variant="subtle">
                  {MSG.pendingApproval}
                </Badge>
              )}
            </Table.Cell>
            <Table.Cell>
              <Box minW="28">
                <Text fontSize="sm" fontVariantNumeric="tabular-nums">
                  {formatCount(key.usage_count)} / {formatCount(key.limit)}
                </Text>
                <Progress.Root value={pct} size="xs" colorPalette={pct >= 90 ? 'red' : 'brand'} mt="1" maxW="32">
                  <Progress.Track rounded="full">
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              </Box>
            </Table.Cell>
            <Table.Cell color="gray.600" whiteSpace="nowrap">
              {formatDate(key.created_at)}
            </Table.Cell>
            <Table.Cell textAlign="end">
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
            </Table.Cell>
          </Table.Row>
        );
      })}
    </DataTable>
  );
}
