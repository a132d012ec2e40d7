/**
 * Locally, what the uploads bucket's lifecycle rule does in the cloud (lib/uploads.ts): browser
 * uploads left unconfirmed under pending/ are deleted once they are a day old. Checked hourly.
 */
import { logger } from '../functions/http/logger';

export function startLocalUploadExpiry(intervalMs = 60 * 60_000): () => void {
  const tick = async () => {
    try {
      const { uploads } = await import('../functions/developer-apps/services');
      const expired = await uploads.expirePending();
      if (expired > 0) logger.info('expired unconfirmed uploads', { expired });
    } catch (err) {
      logger.error('expiring unconfirmed uploads failed', { error: err instanceof Error ? err.message : String(err) });
    }
  };
  void tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
