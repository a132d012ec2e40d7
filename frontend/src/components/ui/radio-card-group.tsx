import { Box, RadioCard, SimpleGrid, type SimpleGridProps, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One card of a group: its value, title, one line of description and an optional icon. */
export interface RadioCardChoice<V extends string> {
  value: V;
  title: ReactNode;
  description: ReactNode;
  icon?: ReactNode;
}

export interface RadioCardGroupProps<V extends string>
  extends Omit<RadioCard.RootProps, 'value' | 'onValueChange' | 'onChange' | 'children' | 'columns'> {
  /** The group's name. */
  label: ReactNode;
  /** E.g. `srOnly` hides the label from sight, not from screen readers. */
  labelProps?: RadioCard.LabelProps;
  /** Which choice is picked. */
  value: V;
  onChange: (value: V) => void;
  choices: readonly RadioCardChoice<V>[];
  /** Lays the cards out in a grid of these columns; without it they stack, 2 apart. */
  columns?: SimpleGridProps['columns'];
}

/** A labelled group of radio cards (one choice of a few, each with a title and a line of text). */
export function RadioCardGroup<V extends string>({
  label,
  labelProps,
  value,
  onChange,
  choices,
  columns,
  ...root
}: RadioCardGroupProps<V>) {
  const cards = choices.map((choice) => (
    <RadioCard.Item key={choice.value} value={choice.value}>
      <RadioCard.ItemHiddenInput />
      <RadioCard.ItemControl>
        {choice.icon && (
          <Box color="brand.fg" fontSize="lg" mt="0.5">
            {choice.icon}
          </Box>
        )}
        <RadioCard.ItemContent>
          <RadioCard.ItemText>{choice.title}</RadioCard.ItemText>
          <RadioCard.ItemDescription>{choice.description}</RadioCard.ItemDescription>
        </RadioCard.ItemContent>
        <RadioCard.ItemIndicator />
      </RadioCard.ItemControl>
    </RadioCard.Item>
  ));
  return (
    <RadioCard.Root value={value} onValueChange={(e) => e.value && onChange(e.value as V)} {...root}>
      <RadioCard.Label {...labelProps}>{label}</RadioCard.Label>
      {columns ? (
        <SimpleGrid columns={columns} gap="3">
          {cards}
        </SimpleGrid>
      ) : (
        <Stack gap="2">{cards}</Stack>
      )}
    </RadioCard.Root>
  );
}
