import { HStack } from '@chakra-ui/react';
import { LuStar } from 'react-icons/lu';

/** Five stars, the first `value` (rounded) filled; read as "Rated x out of 5". */
export function StarRating({ value, size = 16 }: { value: number; size?: number }) {
  const filled = Math.round(value);
  return (
    <HStack gap="0.5" role="img" aria-label={`Rated ${Number.isInteger(value) ? value : value.toFixed(1)} out of 5`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <LuStar
          key={i}
          size={size}
          aria-hidden
          color={i <= filled ? '#B45309' : '#6B7280'}
          fill={i <= filled ? '#F59E0B' : 'none'}
        />
      ))}
    </HStack>
  );
}
