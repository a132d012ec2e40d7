import type { OwnReview, Review } from '../../../shared/schemas/reviews';

/**
 * A verified review as the domain keeps it. One per buyer and app. Only a `visible` review counts
 * in the app's average and is listed: an admin may hide one (`hidden`, with a reason mailed to its
 * author), and one whose author's licence was refunded is `unverified` until they hold a licence
 * again and edit it.
 */
export type ReviewStatus = 'visible' | 'hidden' | 'unverified';

export interface ReviewRecord {
  id: string;
  app_id: string;
  /** The author (buyer). Never leaves the server. */
  user_id: string;
  author_name: string;
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

/** The public view: the author's display name only. */
export function toReview(r: ReviewRecord): Review {
  return {
    id: r.id,
    app_id: r.app_id,
    rating: r.rating,
    title: r.title,
    text: r.text,
    author_name: r.author_name,
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
 * How a buyer is named under their review: the practice (company) name when there is one, else
 * the first name and the last name's initial ("Jane D."), never the e-mail address.
 */
export function authorName(user: { full_name?: string | null; company_name?: string | null }): string {
  const company = user.company_name?.trim();
  if (company) return company.slice(0, 80);
  const parts = (user.full_name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return 'Verified customer';
  const first = (parts[0] as string).slice(0, 40);
  const last = parts.length > 1 ? ` ${(parts[parts.length - 1] as string).charAt(0).toUpperCase()}.` : '';
  return `${first}${last}`;
}
