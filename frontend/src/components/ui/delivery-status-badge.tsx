import { Badge } from '@chakra-ui/react';
import { statusTone } from '@/utils/format';

/** A delivery's status code in its colour; 'Failed' in grey when no HTTP answer came. */
export function DeliveryStatusBadge({ code }: { code: number | null | undefined }) {
  const tone = statusTone(code);
  return (
    <Badge colorPalette={tone.palette} variant="subtle" data-tone={tone.palette} fontVariantNumeric="tabular-nums">
      {tone.label}
    </Badge>
  );
}
