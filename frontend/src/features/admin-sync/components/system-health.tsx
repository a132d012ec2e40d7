import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LuActivity, LuRotateCcw } from 'react-icons/lu';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { formatDate } from '@/utils/format';
import { useSyncHealth } from '../api/get-sync-health';
import { useResetCursor } from '../api/reset-cursor';
import { componentLabel } from '../utils/sync-display';
import { HealthBadge } from './status-badge';
import { SyncPanel } from './sync-panel';

/** System Health: each component with its status and how it was measured. */
export function SystemHealth() {
  const { data, error, isLoading } = useSyncHealth();
  const { confirm, dialog } = useConfirm();
  const reset = useResetCursor();

  async function onReset() {
    const ok = await confirm({
      title: 'Reset the legacy cursor',
      message:
        "Move the stored cursor back to the legacy system's latest event? The next poll reads the events that come after it; events the legacy system no longer has are not fetched again.",
      confirmLabel: 'Reset cursor',
    });
    if (!ok) return;
    try {
      const res = await reset.trigger();
      notifySuccess(res?.message ?? 'Cursor reset');
    } catch (err) {
      notifyError(errorText(err, 'Failed to reset the cursor'));
    }
  }

  return (
    <SyncPanel
      headingId="health-heading"
      icon={<LuActivity aria-hidden />}
      title="System Health"
      badge={data && <HealthBadge status={data.status} />}
      error={!data && error}
      failed="Failed to load system health"
      loading={isLoading || !data}
    >
      {data && (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Components">
          {data.components.map((c) => (
            <Box as="li" key={c.name} data-testid={`health-${c.name}`}>
              <HStack justify="space-between" gap="3">
                <Text fontWeight="medium" color="gray.900">
                  {componentLabel(c.name)}
                </Text>
                <HealthBadge status={c.status} />
              </HStack>
              <Text fontSize="sm" color="gray.600">
                {c.detail}
              </Text>
              {c.cursor_behind && (
                <Button mt="2" size="sm" variant="outline" onClick={onReset} loading={reset.isMutating}>
                  <LuRotateCcw aria-hidden /> Reset cursor
                </Button>
              )}
            </Box>
          ))}
          <Text as="li" fontSize="xs" color="gray.600">
            Checked {formatDate(data.checked_at, 'seconds')}
          </Text>
        </Stack>
      )}
      {dialog}
    </SyncPanel>
  );
}
