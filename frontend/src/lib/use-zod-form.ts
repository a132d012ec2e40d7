import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type * as z from 'zod';

/** A form's schema: it reads the fields' values (its input) and gives what is sent (its output). */
export type FormSchema = z.ZodType<unknown, FieldValues>;

/**
 * The one form stack: react-hook-form checked by a zod schema from shared/ (or one built from its
 * parts). The form holds the schema's input, and a valid submit gets its output (trimmed,
 * normalised), typed without casts. Fields are checked when the form is submitted, and again only
 * at the next submit, as the spec's forms always did.
 */
export function useZodForm<Schema extends FormSchema>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    reValidateMode: 'onSubmit',
    ...options,
    resolver: zodResolver(schema),
  });
}
