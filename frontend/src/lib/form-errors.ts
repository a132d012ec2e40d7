import type { FieldErrors } from 'react-hook-form';

/**
 * The first message among a form's errors, in the schema's order of fields (for a form that shows
 * one message above its fields rather than one under each).
 */
export function firstErrorMessage(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (!error) continue;
    if (typeof error.type === 'string') {
      // A field's own error (its `ref` is the input: not to be walked).
      if (typeof error.message === 'string' && error.message) return error.message;
      continue;
    }
    const nested = firstErrorMessage(error as FieldErrors);
    if (nested) return nested;
  }
  return undefined;
}
