/** The admin's view of the suppression list (suppression.ts): its entries page by page, and lifting one. */
import { SUPPRESSION_NOT_FOUND } from '@shared/schemas/mail';
import { NotFoundError } from '../errors';
import type { Log } from '../users/ports';
import type { SuppressionStore } from './suppression';

/** Lifting an entry: the owner fixed their mailbox. */
export function createSuppressionList(store: Pick<SuppressionStore, 'list' | 'lift'>, log: Log) {
  return {
    list: (limit: number, cursor?: string) => store.list(limit, cursor),
    /** Throws NotFoundError when the address is not on the list. */
    async lift(email: string, adminId: string): Promise<void> {
      if (!(await store.lift(email))) throw new NotFoundError(SUPPRESSION_NOT_FOUND);
      log.info('mail suppression lifted by an admin', { admin_id: adminId });
    },
  };
}
