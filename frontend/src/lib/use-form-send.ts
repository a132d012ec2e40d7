import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { errorText } from './api-client';
import { firstErrorMessage } from './form-errors';

/**
 * Submitting a form that shows one message above its fields: the schema's first refusal, else
 * what `send` throws (its server detail, else `failed`), cleared at the next submit; `busy` while
 * `send` runs.
 */
export function useFormSend<Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  send: (values: Output) => Promise<unknown>,
  failed: string,
) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = form.handleSubmit(
    async (values) => {
      setBusy(true);
      setError(null);
      try {
        await send(values);
      } catch (err) {
        setError(errorText(err, failed));
      } finally {
        setBusy(false);
      }
    },
    (errors) => setError(firstErrorMessage(errors) ?? failed),
  );
  return { submit, busy, error };
}
