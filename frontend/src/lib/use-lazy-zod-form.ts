import type { FieldValues, Resolver, UseFormProps, UseFormReturn } from 'react-hook-form';
import { useForm } from 'react-hook-form';
import type * as z from 'zod';

/**
 * useZodForm (use-zod-form.ts) for a form on the storefront's pages, whose chunks carry no zod: the
 * schema's module and the resolver load when `load` is first called. Call it early (when the form
 * is shown) so that both are there by the time of the submit.
 */
export function useLazyZodForm<Values extends FieldValues, Output>(
  load: () => Promise<z.ZodType<Output, Values>>,
  options: Omit<UseFormProps<Values, unknown, Output>, 'resolver'> = {},
): UseFormReturn<Values, unknown, Output> {
  const resolver: Resolver<Values, unknown, Output> = async (values, context, resolverOptions) => {
    const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), load()]);
    return zodResolver(schema)(values, context, resolverOptions);
  };
  return useForm<Values, unknown, Output>({ reValidateMode: 'onSubmit', ...options, resolver });
}
