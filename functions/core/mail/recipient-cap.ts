/**
 * Mails per recipient per day: the checkout's mails (guest confirmations,
 * licence mails) go out through this wrapper, so no one can turn the platform's sender into a
 * mail cannon against one address. Over the cap a mail is dropped and logged, never reported to
 * the caller: the answer of the request that caused it stays the same for every address.
 */
import { normaliseEmail } from '@shared/email';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { Log, Mailer } from '../users/ports';

export const DAY_SECONDS = 86_400;

export function recipientCappedMailer(
  mailer: Mailer,
  limiter: Pick<RateLimiter, 'tryTake'>,
  perDay: () => number,
  log?: Log,
): Mailer {
  return {
    async sendMail(mail) {
      const to = (Array.isArray(mail.to) ? mail.to : [mail.to]).map(normaliseEmail);
      const allowed: string[] = [];
      for (const address of to) {
        if (await limiter.tryTake({ key: `mail-to:${address}`, limit: perDay(), windowSeconds: DAY_SECONDS })) {
          allowed.push(address);
        } else {
          log?.warn('mail dropped: daily cap per recipient reached', { subject_length: mail.subject.length });
        }
      }
      if (allowed.length === 0) return;
      await mailer.sendMail({ ...mail, to: Array.isArray(mail.to) ? allowed : (allowed[0] as string) });
    },
  };
}
