import { Box, Heading, Text, type TextProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A card's or a section's heading (h2 unless told) with a line or two of muted text under it, and
 * optionally a large brand-coloured icon above: a contact card, a portal entry point, the header of
 * a section. Render it inside the card's Stack; extra props go to the text.
 */
export function HeadingText({
  icon,
  title,
  as = 'h2',
  children,
  ...text
}: {
  icon?: ReactNode;
  title: ReactNode;
  as?: 'h2' | 'h3';
  children?: ReactNode;
} & Omit<TextProps, 'as' | 'title'>) {
  return (
    <>
      {icon && (
        <Box color="brand.fg" fontSize="2xl" aria-hidden>
          {icon}
        </Box>
      )}
      <Heading as={as} size="md">
        {title}
      </Heading>
      {children && (
        <Text fontSize="sm" color="gray.600" {...text}>
          {children}
        </Text>
      )}
    </>
  );
}
