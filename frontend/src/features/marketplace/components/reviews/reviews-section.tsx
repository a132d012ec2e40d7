import { Box, Button, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { REVIEW_MESSAGES } from '@shared/rules/reviews';
import type { ReviewInput } from '@shared/schemas/reviews';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormMessage } from '@/components/ui/form-message';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { useMyReview } from '@/features/marketplace/api/get-my-review';
import { revalidateReviewFigures, useReviews } from '@/features/marketplace/api/get-reviews';
import { deleteReview, hideReview, replyToReview, saveReview } from '@/features/marketplace/api/write-review';
import type { AppDetail } from '@/features/marketplace/types';
import { errorText } from '@/lib/api-client';
import { useCurrentUser, useSession } from '@/lib/use-current-user';
import { ReviewItem } from './review-item';
import { StarRating } from './star-rating';

// The form (and the reviews API's schema with zod) loads only for a buyer who may write a review.
const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));

const STARS = ['5', '4', '3', '2', '1'] as const;

/**
 * "Ratings & Reviews" on the app page: average, count and distribution of the verified reviews,
 * the signed-in buyer's own review (write, edit, delete), the newest reviews paged with the
 * developer's replies, and the developer's Reply and the admin's Hide on each.
 */
export function ReviewsSection({ app, isOwner }: { app: AppDetail; isOwner: boolean }) {
  const { role } = useSession();
  const { user } = useCurrentUser();
  const reviews = useReviews(app.id);
  const mine = useMyReview(app.id, Boolean(user));
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const slugOrId = app.slug || app.id;

  const pages = reviews.data ?? [];
  const summary = pages[0];
  const items = pages.flatMap((p) => p.items);
  const hasMore = Boolean(pages[pages.length - 1]?.next_cursor);
  const count = summary?.review_count ?? 0;

  const refresh = async () => {
    await Promise.all([reviews.mutate(), revalidateReviewFigures(app.id, slugOrId), mine.mutate()]);
  };

  const submitOwn = async (input: ReviewInput) => {
    const res = await saveReview(app.id, input, Boolean(mine.data?.review));
    setEditing(false);
    notifySuccess(res.message);
    await refresh();
  };

  const removeOwn = async () => {
    try {
      const res = await deleteReview(app.id);
      notifySuccess(res.message);
      await refresh();
    } catch (err) {
      notifyError(errorText(err, 'Your review could not be deleted'));
    } finally {
      setConfirmDelete(false);
    }
  };

  const own = mine.data?.review;
  const canWrite = Boolean(user && !isOwner && mine.data?.can_review);

  return (
    <Box as="section" aria-labelledby="reviews-title">
      <Heading as="h2" id="reviews-title" size="lg" mb="4">
        Ratings &amp; Reviews
      </Heading>
      {summary && (
        <Grid templateColumns={{ base: '1fr', sm: 'auto 1fr' }} gap="6" alignItems="center" mb="6">
          <Stack gap="1" align={{ base: 'flex-start', sm: 'center' }}>
            <Text fontSize="4xl" fontWeight="bold" lineHeight="1" data-testid="average-rating">
              {count > 0 ? summary.average_rating.toFixed(1) : '–'}
            </Text>
            <StarRating value={summary.average_rating} />
            <Text fontSize="sm" color="fg.muted">
              {count === 1 ? '1 verified review' : `${count} verified reviews`}
            </Text>
          </Stack>
          <Stack as="ul" gap="1.5" listStyleType="none" aria-label="Rating distribution">
            {STARS.map((star) => {
              const n = summary.distribution[star];
              const pct = count > 0 ? Math.round((n / count) * 100) : 0;
              return (
                <HStack as="li" key={star} gap="3" fontSize="sm">
                  <Text as="span" w="14" flexShrink={0}>
                    {star} {star === '1' ? 'star' : 'stars'}
                  </Text>
                  <Box flex="1" h="2" bg="bg.muted" borderRadius="full" overflow="hidden" aria-hidden>
                    <Box h="full" w={`${pct}%`} bg="orange.400" />
                  </Box>
                  <Text as="span" w="10" textAlign="end" color="fg.muted">
                    {n}
                  </Text>
                </HStack>
              );
            })}
          </Stack>
        </Grid>
      )}

      {user && !isOwner && own && !editing && (
        <Box borderWidth="1px" borderRadius="lg" p="4" mb="6" bg="bg.subtle">
          <Text fontWeight="semibold">Your review</Text>
          {own.status === 'hidden' && (
            <FormMessage status="warning">Hidden by our moderators: {own.hidden_reason}</FormMessage>
          )}
          {own.status === 'unverified' && (
            <FormMessage status="info">
              Not shown while you hold no license for this app: it counts again when you edit it with a license.
            </FormMessage>
          )}
          <HStack mt="2" gap="3">
            <StarRating value={own.rating} />
            {own.title && <Text fontWeight="medium">{own.title}</Text>}
          </HStack>
          {own.text && (
            <Text mt="2" whiteSpace="pre-line">
              {own.text}
            </Text>
          )}
          <HStack mt="3" gap="2">
            {mine.data?.can_review && (
              <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                Edit review
              </Button>
            )}
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirmDelete(true)}>
              Delete review
            </Button>
          </HStack>
        </Box>
      )}
      {canWrite && (!own || editing) && (
        <Box borderWidth="1px" borderRadius="lg" p="4" mb="6">
          <Heading as="h3" size="md" mb="3">
            {own ? 'Edit your review' : 'Write a review'}
          </Heading>
          <Suspense>
            <ReviewForm
              initial={own ?? undefined}
              submitLabel={own ? 'Save review' : 'Submit review'}
              onSubmit={submitOwn}
              onCancel={own ? () => setEditing(false) : undefined}
            />
          </Suspense>
        </Box>
      )}
      {user && !isOwner && mine.data && !mine.data.can_review && !own && (
        <Text color="fg.muted" fontSize="sm" mb="4">
          {REVIEW_MESSAGES.notLicensed}.
        </Text>
      )}

      {summary && items.length === 0 && <Text color="fg.muted">No reviews yet.</Text>}
      <Box>
        {items.map((review) => (
          <ReviewItem
            key={review.id}
            review={review}
            developerName={app.company_name || 'the developer'}
            onReply={
              isOwner
                ? async (text) => {
                    const res = await replyToReview(app.id, review.id, text);
                    notifySuccess(res.message);
                    await refresh();
                  }
                : undefined
            }
            onHide={
              role === 'admin'
                ? async (reason) => {
                    const res = await hideReview(app.id, review.id, reason);
                    notifySuccess(res.message);
                    await refresh();
                  }
                : undefined
            }
          />
        ))}
      </Box>
      {hasMore && (
        <Button
          mt="4"
          variant="outline"
          loading={reviews.isValidating}
          onClick={() => void reviews.setSize(reviews.size + 1)}
        >
          Show more reviews
        </Button>
      )}
      <ConfirmDialog
        open={confirmDelete}
        title="Delete your review?"
        message="Your rating and text are removed from this app's page."
        confirmLabel="Delete review"
        destructive
        onConfirm={() => void removeOwn()}
        onCancel={() => setConfirmDelete(false)}
      />
    </Box>
  );
}
