import { Box, Button, HStack, Text } from '@chakra-ui/react';
import type { Review } from '@shared/schemas/reviews';
import { lazy, Suspense, useState } from 'react';
import { LuBadgeCheck } from 'react-icons/lu';
import { formatDate } from '@/utils/format';
import { StarRating } from './star-rating';

// The forms (and the reviews API's schema with zod) load only for the developer or admin who opens one.
const ReviewTextForm = lazy(() => import('./review-text-form').then((m) => ({ default: m.ReviewTextForm })));

interface ReviewItemProps {
  review: Review;
  /** Shown above the developer's reply ("Response from ..."). */
  developerName: string;
  /** The app's developer may reply once. */
  onReply?: (text: string) => Promise<void>;
  /** An admin may hide the review with a reason. */
  onHide?: (reason: string) => Promise<void>;
}

/** One review: stars, title, text, author (verified purchase), date, and the developer's reply under it. */
export function ReviewItem({ review, developerName, onReply, onHide }: ReviewItemProps) {
  const [mode, setMode] = useState<'idle' | 'reply' | 'hide'>('idle');
  const titleId = `review-${review.id}`;
  // What the open form sends: the reply's text or the reason for hiding.
  const send = mode === 'reply' ? onReply : mode === 'hide' ? onHide : undefined;
  return (
    <Box as="article" aria-labelledby={titleId} py="5" borderBottomWidth="1px" borderColor="border.muted">
      <HStack gap="3" wrap="wrap">
        <StarRating value={review.rating} />
        <Text id={titleId} as="h3" fontWeight="semibold">
          {review.title || `${review.rating} out of 5 stars`}
        </Text>
      </HStack>
      <HStack gap="2" mt="1" fontSize="sm" color="fg.muted" wrap="wrap">
        <Text as="span">{review.author_name}</Text>
        <HStack as="span" gap="1" color="green.700">
          <LuBadgeCheck aria-hidden /> Verified purchase
        </HStack>
        <Text as="span">· {formatDate(review.created_at, 'short', 'UTC')}</Text>
      </HStack>
      {review.text && (
        <Text mt="3" whiteSpace="pre-line">
          {review.text}
        </Text>
      )}
      {review.reply && (
        <Box mt="4" ms={{ base: '2', md: '6' }} ps="4" borderStartWidth="3px" borderColor="brand.300">
          <Text fontSize="sm" fontWeight="semibold">
            Response from {developerName}
          </Text>
          <Text mt="1" whiteSpace="pre-line" fontSize="sm">
            {review.reply.text}
          </Text>
        </Box>
      )}
      {mode === 'idle' && ((onReply && !review.reply) || onHide) && (
        <HStack gap="2" mt="3">
          {onReply && !review.reply && (
            <Button size="sm" variant="outline" onClick={() => setMode('reply')}>
              Reply
            </Button>
          )}
          {onHide && (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setMode('hide')}>
              Hide review
            </Button>
          )}
        </HStack>
      )}
      <Suspense>
        {mode !== 'idle' && send && (
          <ReviewTextForm
            key={mode}
            kind={mode}
            onSubmit={async (text) => {
              await send(text);
              setMode('idle');
            }}
            onCancel={() => setMode('idle')}
          />
        )}
      </Suspense>
    </Box>
  );
}
