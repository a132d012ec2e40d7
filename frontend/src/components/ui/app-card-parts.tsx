import { Card, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AppIcon } from './app-icon';
import { AppTypeBadge } from './app-type-badge';

/**
 * Pieces of the marketplace's app card, shared by the card itself and the submit wizard's live
 * preview of it, so the preview looks like the card it promises.
 */

/** The card's top row: the app's icon and its type badge. */
export function AppCardTop({
  name,
  src,
  type,
  iconSize,
}: {
  name: string;
  src: string | null;
  type: string;
  iconSize: number;
}) {
  return (
    <HStack justify="space-between" align="flex-start">
      <AppIcon name={name} src={src} size={iconSize} />
      <AppTypeBadge type={type} />
    </HStack>
  );
}

/** The card's footer: `price` (with ` / period` after it, 'Free' in green) or a badge, then a cue such as 'View Details →'. */
export function AppCardFooter({ price, period, cue }: { price: ReactNode; period?: string | null; cue: string }) {
  return (
    <Card.Footer px="5" py="3.5" borderTopWidth="1px" borderColor="border.muted" justifyContent="space-between">
      {typeof price === 'string' ? (
        <Text fontWeight="bold" color={price === 'Free' ? 'green.700' : 'fg'}>
          {price}
          {period && (
            <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted">
              {' '}
              / {period}
            </Text>
          )}
        </Text>
      ) : (
        price
      )}
      <Text fontSize="sm" fontWeight="semibold" color="brand.fg">
        {cue}
      </Text>
    </Card.Footer>
  );
}
