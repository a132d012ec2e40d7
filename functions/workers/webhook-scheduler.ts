/**
 * The webhook scheduler: an EventBridge schedule invokes it every minute in the cloud; locally an
 * in-process timer calls the same sweep (startLocalWebhookScheduler, from bin/local.ts). It moves
 * deliveries whose long-delay retry (or watchdog) is due onto the queue, and disables endpoints
 * that have failed every attempt for 5 days (their developer is e-mailed).
 */
import { logger } from '../http/logger';
import { webhookPipeline } from '../webhooks/pipeline';

export const handler = async (): Promise<{ enqueued: number; disabled: number }> => webhookPipeline().sweep();

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
