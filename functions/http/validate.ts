import type * as z from 'zod';
import { ValidationError } from '../core/errors';

/**
 * Parses input with a shared zod schema. The first issue's message becomes the 400 `detail`;
 * schemas carry the spec's texts as their messages, so the client sees them word for word.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new ValidationError('Invalid request');
  const generic = issue.message.startsWith('Invalid input') || issue.message.startsWith('Expected');
  const field = issue.path.join('.');
  throw new ValidationError(generic && field ? `${field}: ${issue.message}` : issue.message);
}
