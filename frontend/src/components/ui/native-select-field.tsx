import { NativeSelect } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';

/** A choice: its value (shown as is), or a value with its own label. */
export type SelectOption = string | { value: string; label: ReactNode };

export interface NativeSelectFieldProps extends Omit<NativeSelect.FieldProps, 'children'> {
  options: readonly SelectOption[];
  /** The label of a first, empty choice ('Select a size'); none when left out. */
  placeholder?: string;
  /** Props of the wrapping root: its size, its width. */
  root?: Omit<NativeSelect.RootProps, 'children'>;
  /** The select element (React 19 passes a function component's ref as a prop). */
  ref?: Ref<HTMLSelectElement>;
}

/**
 * The SPA's one native select: an optional empty first choice, then the options, with Chakra's
 * indicator. Everything else (value, onChange, name, a react-hook-form `register`) goes to the
 * select element itself.
 */
export function NativeSelectField({ options, placeholder, root, ...field }: NativeSelectFieldProps) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field {...field}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => {
          const { value, label } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {label}
            </option>
          );
        })}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
