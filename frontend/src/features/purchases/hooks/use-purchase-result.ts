import { LIMITS } from '@shared/constants';
import type { PurchaseSessionResult } from '@shared/schemas/checkout';
import { useEffect, useState } from 'react';
import { getPurchaseBySession } from '../api/get-purchase-by-session';

export type PurchaseResult =
  | { phase: 'invalid' }
  | { phase: 'loading' }
  | { phase: 'found'; purchase: PurchaseSessionResult }
  /** Both lookups failed: the payment went through, the details follow by e-mail. */
  | { phase: 'unconfirmed' };

/**
 * The purchase success page's lookup (docs/spec.md section 4): wait 2 s (the payment provider's webhook
 * usually lands by then), fetch; on failure wait 3 s and fetch once more; if that fails too, give up
 * quietly with the generic message.
 */
export function usePurchaseResult(sessionId: string | null): PurchaseResult {
  const [result, setResult] = useState<PurchaseResult>(sessionId ? { phase: 'loading' } : { phase: 'invalid' });

  useEffect(() => {
    if (!sessionId) {
      setResult({ phase: 'invalid' });
      return;
    }
    setResult({ phase: 'loading' });
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout>;

    const attempt = (retriesLeft: number) => {
      getPurchaseBySession(sessionId, abort.signal).then(
        (purchase) => {
          if (!abort.signal.aborted) setResult({ phase: 'found', purchase });
        },
        () => {
          if (abort.signal.aborted) return;
          if (retriesLeft > 0) timer = setTimeout(() => attempt(retriesLeft - 1), LIMITS.purchaseRetryMs);
          else setResult({ phase: 'unconfirmed' });
        },
      );
    };
    timer = setTimeout(() => attempt(1), LIMITS.purchaseFirstFetchMs);

    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [sessionId]);

  return result;
}
