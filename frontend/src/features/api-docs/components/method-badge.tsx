import { Badge } from '@chakra-ui/react';
import type { HttpMethod } from '../utils/openapi';

const PALETTE: Record<HttpMethod, string> = {
  get: 'blue',
  post: 'green',
  put: 'orange',
  patch: 'yellow',
  delete: 'red',
  head: 'gray',
  options: 'gray',
};

export function MethodBadge({ method, size = 'sm' }: { method: HttpMethod; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge
      colorPalette={PALETTE[method]}
      variant="solid"
      size={size}
      fontFamily="mono"
      fontWeight="bold"
      letterSpacing="wide"
      minW={size === 'xs' ? '12' : '14'}
      flexShrink={0}
      justifyContent="center"
    >
      {method.toUpperCase()}
    </Badge>
  );
}
