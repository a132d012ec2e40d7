import { Field, Fieldset, HStack, Input, type InputProps, Text, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { NativeSelectField, type SelectOption } from '@/components/ui/native-select-field';
import type { WizardValues } from '@/features/submit-app/types';
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

/** What a field bound to one string value of the wizard is given: the step's props, the value's name, its label. */
type BoundFieldProps = Pick<StepProps, 'values' | 'set' | 'errors' | 'touch'> & {
  name: StringKey;
  label: string;
  required?: boolean;
  helper?: ReactNode;
  placeholder?: string;
};

/** The control's side of a bound field: name, value, placeholder, blur tracking and the setter. */
const bind = ({ name, values, set, touch, placeholder }: BoundFieldProps) => ({
  name,
  value: values[name],
  placeholder,
  onBlur: () => touch(name),
  onChange: (e: { currentTarget: { value: string } }) => set(name, e.currentTarget.value),
});

/** A text input (or textarea) bound to one string value of the wizard. */
export function TextField({
  max,
  rows,
  type = 'text',
  inputProps,
  ...field
}: BoundFieldProps & {
  max?: number;
  /** Renders a textarea of this many rows. */
  rows?: number;
  type?: string;
  inputProps?: InputProps;
}) {
  const control = bind(field);
  return (
    <FormField
      label={field.label}
      required={field.required}
      error={field.errors[field.name]}
      helper={field.helper}
      counter={max ? <CharCounter value={control.value} max={max} /> : undefined}
    >
      {rows ? (
        <Textarea {...control} rows={rows} autoresize maxH="60" />
      ) : (
        <Input {...control} type={type} {...inputProps} />
      )}
    </FormField>
  );
}

/** A select bound to one string value of the wizard; `placeholder` labels a first, empty choice ('Select a size'). */
export function SelectField({ options, ...field }: BoundFieldProps & { options: readonly SelectOption[] }) {
  return (
    <FormField label={field.label} required={field.required} error={field.errors[field.name]} helper={field.helper}>
      <NativeSelectField {...bind(field)} options={options} />
    </FormField>
  );
}
