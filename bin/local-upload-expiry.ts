/**
 * Locally, what the uploads bucket's lifecycle rule does in the cloud (lib/uploads.ts): browser
 * uploads left unconfirmed under pending/, and draft images no app was saved with (tagged
 * unreferenced under drafts/), are deleted once they are a day old. Checked hourly.
 */
import { logger } from '../functions/http/logger';

export function startLocalUploadExpiry(intervalMs = 60 * 60_000): () => void {
  const tick = async () => {
    try {
      const { uploads } = await import('../functions/wiring/developer-apps');
      const expired = await uploads.expirePending();
      if (expired > 0) logger.info('expired unconfirmed uploads', { expired });
      const drafts = await uploads.expireUnreferenced();
      if (drafts > 0) logger.info('expired unreferenced draft uploads', { expired: drafts });
    } catch (err) {
      logger.error('expiring unconfirmed uploads failed', { error: err instanceof Error ? err.message : String(err) });
    }
  };
  void tick();
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
