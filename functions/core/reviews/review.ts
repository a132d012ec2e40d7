import { VERIFIED_CUSTOMER } from '@shared/rules/reviews';
import type { OwnReview, Review } from '@shared/schemas/reviews';

/**
 * A verified review as the domain keeps it. One per buyer and app. Only a `visible` review counts
 * in the app's average and is listed: an admin may hide one (`hidden`, with a reason mailed to its
 * author), and one whose author's licence was refunded is `unverified` until they hold a licence
 * again and edit it. A licence that runs out (expired, subscription ended) leaves the review
 * verified: it was written by a holder about the app they used (docs/behaviour.md, issue 30 row 8).
 */
export type ReviewStatus = 'visible' | 'hidden' | 'unverified';

export interface ReviewRecord {
  id: string;
  app_id: string;
  /** The author (buyer). Never leaves the server. */
  user_id: string;
  /** The practice's name when the author was a practice account, else VERIFIED_CUSTOMER. */
  author_name: string;
  /**
   * Whether the author was a practice account when writing: only then is `author_name` shown.
   * Reviews stored before (absent) show as VERIFIED_CUSTOMER, whatever name they carry.
   */
  author_is_practice: boolean;
  rating: number;
  title: string | null;
  text: string | null;
  status: ReviewStatus;
  hidden_reason: string | null;
  hidden_at: string | null;
  reply: { text: string; created_at: string } | null;
  created_at: string;
  updated_at: string;
  /** Optimistic-locking counter, bumped by every write. */
  version: number;
}

export const countsInAverage = (r: Pick<ReviewRecord, 'status'> | null | undefined): boolean => r?.status === 'visible';

/** The public view: the author's display name only (a practice's name, else VERIFIED_CUSTOMER). */
export function toReview(r: ReviewRecord): Review {
  return {
    id: r.id,
    app_id: r.app_id,
    rating: r.rating,
    title: r.title,
    text: r.text,
    author_name: r.author_is_practice ? r.author_name : VERIFIED_CUSTOMER,
    verified_purchase: true,
    created_at: r.created_at,
    updated_at: r.updated_at,
    reply: r.reply ? { ...r.reply } : null,
  };
}

/** The author's own view: also its moderation state. */
export function toOwnReview(r: ReviewRecord): OwnReview {
  return { ...toReview(r), status: r.status, hidden_reason: r.status === 'hidden' ? r.hidden_reason : null };
}

/**
 * How a buyer is named under their review: a practice account by its practice's name; anyone else
 * (a developer buying, whose company name says nothing about a practice) as VERIFIED_CUSTOMER,
 * never a name they typed, never the e-mail address.
 */
export function authorOf(user: { role?: string; company_name?: string | null }): {
  author_name: string;
  author_is_practice: boolean;
} {
  const practice = user.role === 'practice' ? user.company_name?.trim() : '';
  return practice
    ? { author_name: practice.slice(0, 80), author_is_practice: true }
    : { author_name: VERIFIED_CUSTOMER, author_is_practice: false };
}
