import { Badge, Box, Code, Progress, Table, Text } from '@chakra-ui/react';
import type { KeyType } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { ApiKey } from '@shared/schemas/keys';
import { LuRefreshCw } from 'react-icons/lu';
import { formatCount, formatDate } from '@/utils/format';
import { KEY_TYPE_LABEL, keyColumnText, usagePercent } from '@/utils/key-display';
import type { DataColumn } from './data-table';
import { RowAction } from './row-action';
import type { useConfirmedAction } from './use-confirmed-action';

type ConfirmedRun = ReturnType<typeof useConfirmedAction>['run'];

/**
 * The parts of an API key row that the developer's key list and the admin's view of a developer's
 * keys share: the same columns, the same first five cells and the same Rotate action and question.
 */
export const KEY_COLUMNS: DataColumn[] = [
  'Key',
  'Type',
  'Status',
  'Usage today',
  'Created',
  { label: 'Actions', align: 'end' },
];

export function KeyTypeBadge({ type }: { type: KeyType }) {
  return (
    <Badge colorPalette={type === 'production' ? 'purple' : 'blue'} variant="subtle">
      {KEY_TYPE_LABEL[type] ?? type}
    </Badge>
  );
}

/** Active, or 'Pending Approval' while a production key waits for the owner's approval (docs/spec.md section 4). */
export function KeyStatusBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge colorPalette="green" variant="subtle">
      Active
    </Badge>
  ) : (
    <Badge colorPalette="orange" variant="subtle">
      {MSG.pendingApproval}
    </Badge>
  );
}

/** An admin rotated the key: its replacement already works and waits to be shown once. */
export function ReplacementBadge() {
  return (
    <Badge colorPalette="yellow" variant="subtle" ml="1" title="An administrator rotated this key">
      Rotated by admin
    </Badge>
  );
}

/** "usage_count / limit" requests today, with a small bar that turns orange then red near the limit. */
export function UsageMeter({ used: rawUsed, limit: rawLimit }: { used: number; limit: number }) {
  const used = Number(rawUsed) || 0;
  const limit = Number(rawLimit) || 0;
  const pct = usagePercent(used, limit);
  const palette = pct >= 90 ? 'red' : pct >= 75 ? 'orange' : 'brand';
  return (
    <Box minW="32">
      <Text fontSize="sm" fontVariantNumeric="tabular-nums" color="gray.800">
        {formatCount(used)} / {formatCount(limit)}
      </Text>
      <Progress.Root
        value={pct}
        size="xs"
        colorPalette={palette}
        mt="1"
        maxW="40"
        aria-label={`${formatCount(used)} of ${formatCount(limit)} requests used today`}
      >
        <Progress.Track rounded="full">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Box>
  );
}

/** Key (first 20 characters), Type, Status, Usage today and Created cells of one key's row. */
export function KeySummaryCells({ apiKey }: { apiKey: ApiKey }) {
  return (
    <>
      <Table.Cell>
        <Code size="sm" variant="surface" title="The full key is never shown again after creation">
          {keyColumnText(apiKey.key)}
        </Code>
      </Table.Cell>
      <Table.Cell>
        <KeyTypeBadge type={apiKey.type} />
      </Table.Cell>
      <Table.Cell>
        <KeyStatusBadge active={apiKey.is_active} />
        {apiKey.replacement_ready && <ReplacementBadge />}
      </Table.Cell>
      <Table.Cell>
        <UsageMeter used={apiKey.usage_count} limit={apiKey.limit} />
      </Table.Cell>
      <Table.Cell color="gray.600" fontSize="sm" whiteSpace="nowrap">
        {formatDate(apiKey.created_at)}
      </Table.Cell>
    </>
  );
}

/** The question both lists ask before a rotation. */
const ROTATE_KEY_CONFIRM = { title: 'Rotate API key', message: MSG.confirmRotateKey, confirmLabel: 'Rotate' };

/**
 * The Rotate action of both lists: asks ROTATE_KEY_CONFIRM with `run` (useConfirmedAction), rotates
 * the key with `rotate`, then `rotated` reports the replacement; a failure reads MSG.failedRotateKey.
 */
export function rotateKeyAction<R>(
  run: ConfirmedRun,
  rotate: (keyId: string) => Promise<R>,
  rotated: (replacement: R) => void,
) {
  return (key: ApiKey) =>
    run(key.id, ROTATE_KEY_CONFIRM, async () => rotated(await rotate(key.id)), MSG.failedRotateKey);
}

/** Rotate: issues a replacement key; every action of the list waits while one is in flight. */
export function RotateKeyButton({
  apiKey,
  onRotate,
  busyId,
}: {
  apiKey: ApiKey;
  onRotate: (key: ApiKey) => void;
  busyId: string | null;
}) {
  return (
    <RowAction
      icon={LuRefreshCw}
      verb="Rotate"
      target={apiKey.key}
      onClick={() => onRotate(apiKey)}
      loading={busyId === apiKey.id}
      disabled={busyId !== null}
    />
  );
}
