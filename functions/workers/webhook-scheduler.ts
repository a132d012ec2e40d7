/**
 * The webhook scheduler: an EventBridge schedule invokes it every minute in the cloud; locally an
 * in-process timer calls the same sweep (startLocalWebhookScheduler, from bin/local.ts). It moves
 * deliveries whose long-delay retry (or watchdog) is due onto the queue, and disables endpoints
 * that have failed every attempt for 5 days (their developer is e-mailed). It also reminds developers,
 * once, of manual licences pending for 12 hours (core/licences/manual-licences.ts).
 */
import type { Context } from 'aws-lambda';
import { addLambdaContext, logger, withRequestId } from '../http/logger';
import { manualLicences } from '../wiring/manual-licences';
import { webhookPipeline } from '../wiring/webhook-pipeline';

/** Manual licences pending 12 hours remind their developer once; a failure never stops the webhook sweep. */
async function remindManualLicences(): Promise<number> {
  try {
    return await manualLicences.sendReminders();
  } catch (err) {
    logger.error('manual licence reminders failed', { error: err instanceof Error ? err.message : String(err) });
    return 0;
  }
}

async function sweep(): Promise<{ enqueued: number; disabled: number; reminded: number }> {
  const swept = await webhookPipeline.sweep();
  return { ...swept, reminded: await remindManualLicences() };
}

/** The Lambda (EventBridge passes its event and the context): the invocation's request id is the log lines' correlation id. */
export const handler = async (
  _event?: unknown,
  context?: Partial<Context>,
): Promise<{ enqueued: number; disabled: number; reminded: number }> => {
  if (!context?.awsRequestId) return sweep();
  return withRequestId(context.awsRequestId, () => {
    addLambdaContext(context);
    return sweep();
  });
};

/** Runs the sweep now and then every `intervalMs`; returns a function that stops it. */
export function startLocalWebhookScheduler(intervalMs = 60_000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await handler();
    } catch (err) {
      logger.error('webhook sweep failed', { error: err instanceof Error ? err.message : String(err) });
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
