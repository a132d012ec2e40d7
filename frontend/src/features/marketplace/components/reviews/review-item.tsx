import { Box, Button, Field, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { LuBadgeCheck } from 'react-icons/lu';
import { REVIEW_LIMITS } from '../../../../../../shared/rules/reviews';
import type { Review } from '../../../../../../shared/schemas/reviews';
import { FormMessage } from '../../../../components/ui/form-message';
import { errorText } from '../../../../lib/api-client';
import { formatDate } from '../../../../utils/format';
import { StarRating } from './star-rating';

/** A one-field form (the developer's reply, the admin's hide reason). */
function InlineForm({
  label,
  submitLabel,
  max,
  onSubmit,
  onCancel,
  destructive = false,
}: {
  label: string;
  submitLabel: string;
  max: number;
  onSubmit: (text: string) => Promise<void>;
  onCancel: () => void;
  destructive?: boolean;
}) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(value.trim());
    } catch (err) {
      setError(errorText(err, 'That did not work: try again'));
      setBusy(false);
    }
  };
  return (
    <Stack as="form" gap="3" mt="3" onSubmit={submit}>
      <Field.Root required>
        <Field.Label>{label}</Field.Label>
        <Textarea value={value} rows={3} maxLength={max} onChange={(e) => setValue(e.target.value)} required />
      </Field.Root>
      {error && <FormMessage status="error">{error}</FormMessage>}
      <HStack gap="3">
        <Button type="submit" size="sm" colorPalette={destructive ? 'red' : 'brand'} loading={busy}>
          {submitLabel}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}

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
      {mode === 'reply' && onReply && (
        <InlineForm
          label="Your reply"
          submitLabel="Publish reply"
          max={REVIEW_LIMITS.reply}
          onSubmit={async (text) => {
            await onReply(text);
            setMode('idle');
          }}
          onCancel={() => setMode('idle')}
        />
      )}
      {mode === 'hide' && onHide && (
        <InlineForm
          label="Reason (mailed to the author)"
          submitLabel="Hide review"
          max={REVIEW_LIMITS.hideReason}
          destructive
          onSubmit={async (reason) => {
            await onHide(reason);
            setMode('idle');
          }}
          onCancel={() => setMode('idle')}
        />
      )}
    </Box>
  );
}
