import { useState } from 'react';
import { errorText } from '../../lib/api-client';
import { useConfirm } from './confirm-dialog';
import { notifyError } from './toaster';

type ConfirmOptions = Parameters<ReturnType<typeof useConfirm>['confirm']>[0];

/**
 * A row action that asks first (replay a delivery, rotate a key, approve a user): once confirmed,
 * `busyId` names the row while `action` runs (it reports its own success), and a failure shows as a
 * toast with the server's detail, else `failed`. Render `dialog` once in the component.
 */
export function useConfirmedAction() {
  const { confirm, dialog } = useConfirm();
  const [busyId, setBusyId] = useState<string | null>(null);

  async function run(id: string, ask: ConfirmOptions, action: () => Promise<unknown>, failed: string) {
    if (!(await confirm(ask))) return;
    setBusyId(id);
    try {
      await action();
    } catch (err) {
      notifyError(errorText(err, failed));
    } finally {
      setBusyId(null);
    }
  }

  return { run, busyId, confirm, dialog };
}
