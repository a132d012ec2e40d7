import { useCallback, useState } from 'react';
import { errorText } from '@/lib/api-client';
import { useConfirm } from './confirm-dialog';
import { notifyError } from './toaster';

type ConfirmOptions = Parameters<ReturnType<typeof useConfirm>['confirm']>[0];

/**
 * A row action that asks first (replay a delivery, rotate a key, delete an app): once confirmed,
 * `busyId` names the row while `action` runs (it reports its own success), and a failure shows as a
 * toast with the server's detail, else `failed`. `runBusy` is the same without the question. Both
 * keep their identity between renders. Render `dialog` once in the component.
 */
export function useConfirmedAction() {
  const { confirm, dialog } = useConfirm();
  const [busyId, setBusyId] = useState<string | null>(null);

  const runBusy = useCallback(async (id: string, action: () => Promise<unknown>, failed: string) => {
    setBusyId(id);
    try {
      await action();
    } catch (err) {
      notifyError(errorText(err, failed));
    } finally {
      setBusyId(null);
    }
  }, []);

  const run = useCallback(
    async (id: string, ask: ConfirmOptions, action: () => Promise<unknown>, failed: string) => {
      if (await confirm(ask)) await runBusy(id, action, failed);
    },
    [confirm, runBusy],
  );

  return { run, runBusy, busyId, confirm, dialog };
}
