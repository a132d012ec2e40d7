/** For tests on both sides (functions' unit tests, test/support/receiver.ts): a loopback webhook target's port. */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Listens on a free port of 9000-9999, a range of the default LOCAL_WEBHOOK_PORTS (local webhook
 * targets are an allow-list of ports: functions/config.ts), and answers the port. A port another
 * process holds is skipped.
 */
export async function listenOnWebhookPort(server: Server): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 9000 + Math.floor(Math.random() * 1000);
    const bound = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', onError);
        resolve(true);
      });
    });
    if (bound) return (server.address() as AddressInfo).port;
  }
  throw new Error('no free port in 9000-9999 for a webhook receiver');
}
