import { Box, Button, Field, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { LIMITS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { useEffect, useState } from 'react';
import { LuPlay, LuRefreshCw, LuSquare } from 'react-icons/lu';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { NativeSelectField } from '@/components/ui/native-select-field';
import { panelStyle } from '@/components/ui/surfaces';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { formatDate } from '@/utils/format';
import { useSyncHistory } from '../api/get-sync-history';
import { pollingIntervalOf, useStartPolling } from '../api/start-polling';
import { useStopPolling } from '../api/stop-polling';
import { useTriggerSync } from '../api/trigger-sync';
import { type SyncStatus, type SyncType, TRIGGER_SYNC_TYPES } from '../types';
import { failureDetail, formatCounts, syncTypeLabel } from '../utils/sync-display';
import { RunStatusBadge } from './status-badge';

/** The API's own rule (SYNC_MSG.pollingIntervalInvalid) in the words of the screen. */
export const POLLING_INTERVAL_HINT = `Enter a whole number of seconds from ${LIMITS.minPollingInterval} to ${LIMITS.maxPollingInterval}`;

const RUN_COLUMNS: DataColumn[] = ['Type', 'Status', 'Started by', 'Started', 'Counts / detail'];

/**
 * The dashboard's sync controls (docs/spec.md sections 2, 4 and 8): a sync type picker with Sync Now,
 * and legacy event polling Start / Stop. A run started here is followed until it ends; one that
 * fails reports 'Sync failed: {detail}'. Recent runs are listed below.
 */
export function SyncControls({ status }: { status: SyncStatus | undefined }) {
  const [syncType, setSyncType] = useState<SyncType>('full_sync');
  const [followed, setFollowed] = useState<string[]>([]);
  const history = useSyncHistory(followed.length > 0);
  const trigger = useTriggerSync();
  const start = useStartPolling();
  const stop = useStopPolling();
  const polling = status?.legacy.polling_active;
  const [intervalText, setIntervalText] = useState(String(LIMITS.defaultPollingInterval));
  const interval = pollingIntervalOf(intervalText);

  // A followed run has ended: report a failure, stop following it.
  useEffect(() => {
    if (!history.data || followed.length === 0) return;
    const ended = history.data.filter(
      (r) => followed.includes(r.id) && (r.status === 'succeeded' || r.status === 'failed'),
    );
    if (ended.length === 0) return;
    for (const run of ended)
      if (run.status === 'failed') notifyError(MSG.syncFailed(run.detail ?? 'the run ended without a detail'));
    setFollowed((ids) => ids.filter((id) => !ended.some((r) => r.id === id)));
  }, [history.data, followed]);

  async function onSyncNow() {
    try {
      const res = await trigger.trigger(syncType);
      notifySuccess(res?.message || MSG.syncInitiated);
      if (res?.run?.id) setFollowed((ids) => [...ids, res.run.id]);
    } catch (err) {
      notifyError(errorText(err, MSG.failedTriggerSync));
    }
  }

  async function setPolling(on: boolean) {
    if (on && interval === null) return;
    try {
      const res = await (on ? start.trigger(interval ?? LIMITS.defaultPollingInterval) : stop.trigger());
      notifySuccess(res?.message ?? (on ? 'Polling started' : 'Polling stopped'));
    } catch (err) {
      notifyError((on ? MSG.failedStartPolling : MSG.failedStopPolling)(failureDetail(err)));
    }
  }

  const runs = (history.data ?? []).slice(0, 8);
  return (
    <Box as="section" aria-labelledby="sync-controls-heading" {...panelStyle} p="5">
      <Heading as="h2" size="md" mb="4" id="sync-controls-heading">
        Sync Controls
      </Heading>
      <Stack direction={{ base: 'column', lg: 'row' }} gap="6" align={{ lg: 'flex-end' }}>
        <HStack gap="3" align="flex-end" flexWrap="wrap">
          <Field.Root w={{ base: 'full', sm: '64' }}>
            <Field.Label>Sync type</Field.Label>
            <NativeSelectField
              value={syncType}
              onChange={(e) => setSyncType(e.target.value as SyncType)}
              options={TRIGGER_SYNC_TYPES.map((t) => ({ value: t, label: `${syncTypeLabel(t)} (${t})` }))}
            />
          </Field.Root>
          <Button colorPalette="brand" onClick={onSyncNow} loading={trigger.isMutating}>
            <LuRefreshCw aria-hidden /> Sync Now
          </Button>
        </HStack>
        <Box>
          <Text fontSize="sm" fontWeight="medium" color="gray.700" mb="1.5">
            Legacy event polling: {status ? (polling ? 'Active' : 'Inactive') : '…'}
          </Text>
          <HStack gap="2" align="flex-start">
            <Field.Root w="44" invalid={interval === null}>
              <Field.Label srOnly>Polling interval (seconds)</Field.Label>
              <HStack gap="1.5">
                <Input
                  type="number"
                  inputMode="numeric"
                  min={LIMITS.minPollingInterval}
                  max={LIMITS.maxPollingInterval}
                  step={1}
                  value={intervalText}
                  onChange={(e) => setIntervalText(e.target.value)}
                  disabled={polling}
                  w="24"
                />
                <Text fontSize="sm" color="gray.700" aria-hidden>
                  seconds
                </Text>
              </HStack>
              <Field.ErrorText>{POLLING_INTERVAL_HINT}</Field.ErrorText>
            </Field.Root>
            <Button
              variant="outline"
              colorPalette="green"
              onClick={() => setPolling(true)}
              loading={start.isMutating}
              disabled={!status || polling || interval === null}
            >
              <LuPlay aria-hidden /> Start Polling
            </Button>
            <Button
              variant="outline"
              colorPalette="red"
              onClick={() => setPolling(false)}
              loading={stop.isMutating}
              disabled={!status || !polling}
            >
              <LuSquare aria-hidden /> Stop Polling
            </Button>
          </HStack>
        </Box>
      </Stack>

      <Heading as="h3" size="sm" mt="6" mb="2">
        Recent runs
      </Heading>
      {runs.length === 0 ? (
        <Text fontSize="sm" color="gray.600">
          No sync has run yet.
        </Text>
      ) : (
        <DataTable label="Recent sync runs" columns={RUN_COLUMNS} scrollLabel="Recent sync runs, scrollable">
          {runs.map((run) => (
            <Table.Row key={run.id} data-testid={`run-${run.id}`}>
              <Table.Cell>{syncTypeLabel(run.sync_type)}</Table.Cell>
              <Table.Cell>
                <RunStatusBadge status={run.status} />
              </Table.Cell>
              <Table.Cell>{run.started_by}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDate(run.started_at, 'seconds')}</Table.Cell>
              <Table.Cell fontSize="xs" color={run.status === 'failed' ? 'red.700' : 'gray.700'}>
                {run.status === 'failed' ? run.detail : formatCounts(run.counts)}
              </Table.Cell>
            </Table.Row>
          ))}
        </DataTable>
      )}
    </Box>
  );
}
