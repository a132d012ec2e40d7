import { Box, Button, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { REVIEW_LIMITS } from '../../../../../../shared/rules/reviews';
import type { ReviewInput } from '../../../../../../shared/schemas/reviews';
import { FormMessage } from '../../../../components/ui/form-message';
import { errorText } from '../../../../lib/api-client';
import { formatCount } from '../../../../utils/format';

interface ReviewFormProps {
  initial?: { rating: number; title: string | null; text: string | null };
  submitLabel: string;
  onSubmit: (input: ReviewInput) => Promise<void>;
  onCancel?: () => void;
}

/** Rating (1-5, required), optional title and text. Plain radios, so it works with the keyboard alone. */
export function ReviewForm({ initial, submitLabel, onSubmit, onCancel }: ReviewFormProps) {
  const [rating, setRating] = useState<number>(initial?.rating ?? 0);
  const [title, setTitle] = useState(initial?.title ?? '');
  const [text, setText] = useState(initial?.text ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const name = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (rating < 1) {
      setError('Choose a rating from 1 to 5 stars');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ rating, title: title.trim() || undefined, text: text.trim() || undefined });
    } catch (err) {
      setError(errorText(err, 'Your review could not be saved'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack as="form" gap="4" onSubmit={submit} aria-label="Your review">
      <Box as="fieldset">
        <Text as="legend" fontWeight="medium" mb="2">
          Rating
        </Text>
        <HStack gap="3" wrap="wrap">
          {[1, 2, 3, 4, 5].map((n) => (
            <HStack as="label" key={n} gap="1.5" cursor="pointer">
              <input type="radio" name={name} value={n} checked={rating === n} onChange={() => setRating(n)} required />
              <Text as="span">{n === 1 ? '1 star' : `${n} stars`}</Text>
            </HStack>
          ))}
        </HStack>
      </Box>
      <Field.Root>
        <Field.Label>Title (optional)</Field.Label>
        <Input value={title} maxLength={REVIEW_LIMITS.title} onChange={(e) => setTitle(e.target.value)} />
      </Field.Root>
      <Field.Root>
        <Field.Label>Review (optional)</Field.Label>
        <Textarea value={text} rows={4} maxLength={REVIEW_LIMITS.text} onChange={(e) => setText(e.target.value)} />
        <Field.HelperText>At most {formatCount(REVIEW_LIMITS.text)} characters.</Field.HelperText>
      </Field.Root>
      {error && <FormMessage status="error">{error}</FormMessage>}
      <HStack gap="3">
        <Button type="submit" colorPalette="brand" loading={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
