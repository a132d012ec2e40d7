import { Box, HStack, Text } from '@chakra-ui/react';
import { SITE } from './site';

/** The tooth mark on a teal-to-blue tile (same artwork as the favicon). */
export function LogoMark({ size = 8 }: { size?: number }) {
  return (
    <Box
      as="span"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize={size}
      rounded="lg"
      bgGradient="to-br"
      gradientFrom="brand.400"
      gradientTo="blue.700"
      flexShrink={0}
      aria-hidden
    >
      <svg viewBox="0 0 64 64" width="70%" height="70%">
        <path
          fill="#fff"
          d="M22.5 13c-5.6 0-9.5 4.4-9.5 10.3 0 4 1.3 6.8 2.6 9.6 1.2 2.6 1.9 5.6 2.4 9.4.6 4.6 1.7 9.7 5.1 9.7 2.7 0 3.6-3.2 4.3-6.9.7-3.6 1.7-7.1 4.6-7.1s3.9 3.5 4.6 7.1c.7 3.7 1.6 6.9 4.3 6.9 3.4 0 4.5-5.1 5.1-9.7.5-3.8 1.2-6.8 2.4-9.4 1.3-2.8 2.6-5.6 2.6-9.6 0-5.9-3.9-10.3-9.5-10.3-3.6 0-5.6 1.7-9.5 1.7S26.1 13 22.5 13z"
        />
      </svg>
    </Box>
  );
}

/**
 * Mark plus wordmark, as the headers, the sign-in panel, the sidebar and the footer show it; the
 * subtitle is hidden on narrow screens. `color` and `fontSize` style the title for dark or larger
 * surroundings, `size` the mark.
 */
export function Logo({
  title = SITE.ecosystemTitle,
  subtitle,
  size = 8,
  color = 'gray.900',
  fontSize = 'md',
}: {
  title?: string;
  subtitle?: string;
  size?: number;
  color?: string;
  fontSize?: 'md' | 'lg';
}) {
  return (
    <HStack gap="2.5" minW="0">
      <LogoMark size={size} />
      <Box minW="0" lineHeight="short">
        <Text fontWeight="bold" fontSize={fontSize} color={color} truncate>
          {title}
        </Text>
        {subtitle && (
          <Text fontSize="xs" color="gray.500" truncate hideBelow="sm">
            {subtitle}
          </Text>
        )}
      </Box>
    </HStack>
  );
}
