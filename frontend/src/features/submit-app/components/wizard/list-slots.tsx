import { Box, Button, HStack, IconButton, Input, Stack } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import { SLOTS } from '@/features/submit-app/utils/wizard-values';
import { FieldGroup } from './fields';
import type { StepProps } from './step-props';

/**
 * A list of text slots ('Key feature 1', 'Key feature 2', ...) bound to one list value of the
 * wizard. The first slots (SLOTS: 3 features, 2 use cases, 3 selling points) are always there;
 * the rest can be added and removed.
 */
export function ListSlots({
  name,
  values: all,
  set,
  errors,
  touch,
  legend,
  itemLabel,
  addLabel,
  max = 20,
  placeholders = [],
  helper,
  required,
}: Pick<StepProps, 'values' | 'set' | 'errors' | 'touch'> & {
  name: keyof typeof SLOTS;
  legend: string;
  /** 'Key feature' -> inputs 'Key feature 1'..., buttons 'Remove key feature 4'. */
  itemLabel: string;
  addLabel: string;
  max?: number;
  placeholders?: readonly string[];
  helper?: string;
  required?: boolean;
}) {
  const values = all[name];
  const fixed = SLOTS[name];
  const onChange = (list: string[]) => set(name, list);
  const onBlur = () => touch(name);
  const error = errors[name];
  const update = (index: number, value: string) => onChange(values.map((v, i) => (i === index ? value : v)));
  return (
    <FieldGroup legend={legend} required={required} error={error} helper={helper}>
      <Stack gap="2" mt="1">
        {values.map((value, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions; their text is the value
          <HStack key={index} gap="2">
            <Input
              aria-label={`${itemLabel} ${index + 1}`}
              value={value}
              placeholder={placeholders[index] ?? ''}
              onChange={(e) => update(index, e.target.value)}
              onBlur={onBlur}
            />
            {index >= fixed ? (
              <IconButton
                aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`}
                variant="ghost"
                size="sm"
                onClick={() => onChange(values.filter((_, i) => i !== index))}
              >
                <LuTrash2 />
              </IconButton>
            ) : (
              <Box w="9" flexShrink={0} />
            )}
          </HStack>
        ))}
      </Stack>
      <HStack>
        <Button
          size="sm"
          variant="ghost"
          colorPalette="brand"
          onClick={() => onChange([...values, ''])}
          disabled={values.length >= max}
        >
          <LuPlus /> {addLabel}
        </Button>
      </HStack>
    </FieldGroup>
  );
}
