import { Box, Button, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { REVIEW_LIMITS } from '@shared/rules/reviews';
import { type ReviewInput, ReviewInputSchema } from '@shared/schemas/reviews';
import { useId } from 'react';
import * as z from 'zod';
import { FormMessage } from '@/components/ui/form-message';
import { useFormSend } from '@/lib/use-form-send';
import { useZodForm } from '@/lib/use-zod-form';
import { formatCount } from '@/utils/format';

/**
 * The fields as typed (0: no star chosen yet), checked by the reviews API's schema once a rating is
 * chosen (blank title and text are none).
 */
const ReviewFields = z
  .object({ rating: z.number().min(1, 'Choose a rating from 1 to 5 stars'), title: z.string(), text: z.string() })
  .transform((fields): z.input<typeof ReviewInputSchema> => fields)
  .pipe(ReviewInputSchema);

interface ReviewFormProps {
  initial?: { rating: number; title: string | null; text: string | null };
  submitLabel: string;
  onSubmit: (input: ReviewInput) => Promise<void>;
  onCancel?: () => void;
}

/** Rating (1-5, required), optional title and text. Plain radios, so it works with the keyboard alone. */
export function ReviewForm({ initial, submitLabel, onSubmit, onCancel }: ReviewFormProps) {
  const form = useZodForm(ReviewFields, {
    defaultValues: { rating: initial?.rating ?? 0, title: initial?.title ?? '', text: initial?.text ?? '' },
  });
  const { register, setValue, watch } = form;
  const rating = watch('rating');
  const { submit, busy, error } = useFormSend(form, onSubmit, 'Your review could not be saved');
  const name = useId();

  return (
    <Stack as="form" gap="4" onSubmit={submit} aria-label="Your review">
      <Box as="fieldset">
        <Text as="legend" fontWeight="medium" mb="2">
          Rating
        </Text>
        <HStack gap="3" wrap="wrap">
          {[1, 2, 3, 4, 5].map((n) => (
            <HStack as="label" key={n} gap="1.5" cursor="pointer">
              <input
                type="radio"
                name={name}
                value={n}
                checked={rating === n}
                onChange={() => setValue('rating', n)}
                required
              />
              <Text as="span">{n === 1 ? '1 star' : `${n} stars`}</Text>
            </HStack>
          ))}
        </HStack>
      </Box>
      <Field.Root>
        <Field.Label>Title (optional)</Field.Label>
        <Input maxLength={REVIEW_LIMITS.title} {...register('title')} />
      </Field.Root>
      <Field.Root>
        <Field.Label>Review (optional)</Field.Label>
        <Textarea rows={4} maxLength={REVIEW_LIMITS.text} {...register('text')} />
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
