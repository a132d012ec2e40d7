import { Field, Fieldset, HStack, Input, type InputProps, Text, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { WizardValues } from '../../types';
import type { StepProps } from './step-props';

/** 'n/60' beside a label; red once the text is too long. */
export function CharCounter({ value, max }: { value: string; max: number }) {
  const length = value.trim().length;
  return (
    <Text
      as="span"
      fontSize="xs"
      fontVariantNumeric="tabular-nums"
      color={length > max ? 'red.600' : 'fg.muted'}
      fontWeight={length > max ? 'semibold' : 'normal'}
    >
      {length}/{max}
    </Text>
  );
}

/** Label, control, then the error (or the helper text): one field of a step. */
export function FormField({
  label,
  required,
  disabled,
  error,
  helper,
  counter,
  children,
}: {
  label: ReactNode;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  helper?: ReactNode;
  counter?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Field.Root required={required} disabled={disabled} invalid={Boolean(error)}>
      <HStack justify="space-between" w="full" gap="2">
        <Field.Label>
          {label}
          {required && <Field.RequiredIndicator />}
        </Field.Label>
        {counter}
      </HStack>
      {children}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}

/** A labelled group of controls that are not one input (uploads, lists). */
export function FieldGroup({
  legend,
  required,
  error,
  helper,
  children,
}: {
  legend: ReactNode;
  required?: boolean;
  error?: string | null;
  helper?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Fieldset.Root invalid={Boolean(error)} gap="2">
      <Fieldset.Legend fontWeight="medium" fontSize="sm" color="fg">
        {legend}
        {required && (
          <Text as="span" color="fg.error" ms="1" aria-hidden>
            *
          </Text>
        )}
      </Fieldset.Legend>
      {helper && <Fieldset.HelperText mt="0">{helper}</Fieldset.HelperText>}
      {children}
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}

type StringKey = {
  [K in keyof WizardValues]: WizardValues[K] extends string ? K : never;
}[keyof WizardValues];

/** A text input (or textarea) bound to one string value of the wizard. */
export function TextField({
  name,
  label,
  values,
  set,
  errors,
  touch,
  required,
  max,
  helper,
  placeholder,
  rows,
  type = 'text',
  inputProps,
}: Pick<StepProps, 'values' | 'set' | 'errors' | 'touch'> & {
  name: StringKey;
  label: string;
  required?: boolean;
  max?: number;
  helper?: ReactNode;
  placeholder?: string;
  /** Renders a textarea of this many rows. */
  rows?: number;
  type?: string;
  inputProps?: InputProps;
}) {
  const value = values[name];
  const common = {
    name,
    value,
    placeholder,
    onBlur: () => touch(name),
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
  };
  return (
    <FormField
      label={label}
      required={required}
      error={errors[name]}
      helper={helper}
      counter={max ? <CharCounter value={value} max={max} /> : undefined}
    >
      {rows ? (
        <Textarea {...common} rows={rows} autoresize maxH="60" />
      ) : (
        <Input {...common} type={type} {...inputProps} />
      )}
    </FormField>
  );
}
