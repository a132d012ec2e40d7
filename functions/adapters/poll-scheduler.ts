/**
 * The legacy-event poll schedule (core/sync/ports.ts PollScheduler), two ways:
 * - in the cloud, an EventBridge Scheduler schedule (lib/sync.ts creates it disabled) that sends
 *   polls to the sync queue;
 * - locally, a timer in the server process that sends the same polls.
 */
import { GetScheduleCommand, SchedulerClient, UpdateScheduleCommand } from '@aws-sdk/client-scheduler';
import type { PollScheduler, SyncJob } from '../core/sync/ports';
import { awsClient, common } from './aws-clients';
import { tagDependency } from './resilience';

const schedulerClient = /* @__PURE__ */ awsClient(
  (): SchedulerClient => tagDependency(new SchedulerClient(common(undefined)), 'EventBridge Scheduler'),
);

/** The schedule, and what it targets until the stack's own target is read back. */
export interface PollScheduleSettings {
  name: string | undefined;
  group: string;
  /** The sync queue (the schedule's target) and the role the scheduler sends with. */
  queueArn: string | undefined;
  roleArn: string | undefined;
}

/**
 * EventBridge Scheduler's finest rate is one minute. An interval under 60 s runs the schedule every
 * minute with `spread`: the worker then queues the minute's further polls with SQS delays (e.g.
 * 20 s -> polls at 0, 20 and 40 s). Longer intervals are rounded up to whole minutes.
 */
export function eventBridgePollScheduler(settings: () => PollScheduleSettings): PollScheduler {
  return {
    async enable(interval) {
      const { name, group, queueArn, roleArn } = settings();
      const client = schedulerClient();
      const current = await client.send(new GetScheduleCommand({ Name: name, GroupName: group }));
      const minutes = Math.max(1, Math.ceil(interval / 60));
      const job: SyncJob = {
        kind: 'poll',
        at: new Date().toISOString(),
        interval_seconds: interval,
        spread: interval < 60,
      };
      await client.send(
        new UpdateScheduleCommand({
          Name: name,
          GroupName: group,
          ScheduleExpression: `rate(${minutes} ${minutes === 1 ? 'minute' : 'minutes'})`,
          FlexibleTimeWindow: { Mode: 'OFF' },
          Target: {
            ...current.Target,
            Arn: current.Target?.Arn ?? queueArn,
            RoleArn: current.Target?.RoleArn ?? roleArn,
            Input: JSON.stringify(job),
          },
          State: 'ENABLED',
        }),
      );
    },
    async disable() {
      const { name, group } = settings();
      const client = schedulerClient();
      const current = await client.send(new GetScheduleCommand({ Name: name, GroupName: group }));
      await client.send(
        new UpdateScheduleCommand({
          Name: name,
          GroupName: group,
          ScheduleExpression: current.ScheduleExpression ?? 'rate(1 minute)',
          FlexibleTimeWindow: current.FlexibleTimeWindow ?? { Mode: 'OFF' },
          Target: current.Target,
          State: 'DISABLED',
        }),
      );
    },
  };
}

/** Locally: a timer that sends a poll every interval (the process's own; stop() ends it). */
export function timerPollScheduler(sendPoll: () => Promise<void>): PollScheduler & { stop(): void } {
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  return {
    async enable(interval) {
      stop();
      timer = setInterval(() => {
        sendPoll().catch(() => undefined);
      }, interval * 1000);
      timer.unref();
    },
    async disable() {
      stop();
    },
    stop,
  };
}
