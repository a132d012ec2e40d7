import { Badge, type BadgeProps } from '@chakra-ui/react';

/** App type colours on every card, list and detail page: Internal grey, Partner purple, Public blue. */
const TYPE_BADGES: Record<string, { label: string; palette: string }> = {
  internal: { label: 'Internal', palette: 'gray' },
  partner: { label: 'Partner', palette: 'purple' },
  public: { label: 'Public', palette: 'blue' },
};

export function AppTypeBadge({ type, ...props }: { type: string } & BadgeProps) {
  const badge = TYPE_BADGES[type] ?? { label: type, palette: 'gray' };
  return (
    <Badge colorPalette={badge.palette} variant="subtle" borderRadius="full" px="2.5" {...props}>
      {badge.label}
    </Badge>
  );
}
