import { Badge, Box, Progress, Text } from '@chakra-ui/react';
import type { KeyType } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import { formatCount } from '../../../utils/format';
import { KEY_TYPE_LABEL, usagePercent } from '../utils/key-display';

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
