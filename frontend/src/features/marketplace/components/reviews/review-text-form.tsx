import { Button, Field, HStack, Stack, Textarea } from '@chakra-ui/react';
import { REVIEW_LIMITS } from '@shared/rules/reviews';
import { HideReviewInputSchema, ReviewReplyInputSchema } from '@shared/schemas/reviews';
import * as z from 'zod';
import { FormMessage } from '@/components/ui/form-message';
import { useFormSend } from '@/lib/use-form-send';
import { useZodForm } from '@/lib/use-zod-form';

/** The two one-field forms on a review, each checked by its API's schema (the text is required, trimmed). */
const KINDS = {
  reply: {
    label: 'Your reply',
    submitLabel: 'Publish reply',
    max: REVIEW_LIMITS.reply,
    schema: z.object({ value: ReviewReplyInputSchema.shape.text }),
    destructive: false,
  },
  hide: {
    label: 'Reason (mailed to the author)',
    submitLabel: 'Hide review',
    max: REVIEW_LIMITS.hideReason,
    schema: z.object({ value: HideReviewInputSchema.shape.reason }),
    destructive: true,
  },
} as const;

/** A one-field form under a review: the developer's reply or the admin's hide reason. */
export function ReviewTextForm({
  kind,
  onSubmit,
  onCancel,
}: {
  kind: keyof typeof KINDS;
  onSubmit: (text: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { label, submitLabel, max, schema, destructive } = KINDS[kind];
  const form = useZodForm(schema, { defaultValues: { value: '' } });
  const { submit, busy, error } = useFormSend(form, ({ value }) => onSubmit(value), 'That did not work: try again');
  return (
    <Stack as="form" gap="3" mt="3" onSubmit={submit}>
      <Field.Root required>
        <Field.Label>{label}</Field.Label>
        <Textarea rows={3} maxLength={max} required {...form.register('value')} />
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
