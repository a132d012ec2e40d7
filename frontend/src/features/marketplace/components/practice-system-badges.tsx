import { Badge, Wrap } from '@chakra-ui/react';
import { practiceSystemLabel } from '@shared/practice-systems';

/**
 * "Works with" badges: the practice-management systems an app declares. `max` shows the first
 * few and "+n more" (cards); without it every system is shown (the app page).
 */
export function PracticeSystemBadges({ systems, max }: { systems: readonly string[] | undefined; max?: number }) {
  const all = systems ?? [];
  if (all.length === 0) return null;
  const shown = max === undefined ? all : all.slice(0, max);
  const more = all.length - shown.length;
  return (
    <Wrap gap="1.5" aria-label={`Works with ${all.map(practiceSystemLabel).join(', ')}`} role="list">
      {shown.map((s) => (
        <Badge key={s} role="listitem" variant="outline" colorPalette="teal" borderRadius="full" px="2">
          {practiceSystemLabel(s)}
        </Badge>
      ))}
      {more > 0 && (
        <Badge role="listitem" variant="outline" colorPalette="gray" borderRadius="full" px="2">
          +{more} more
        </Badge>
      )}
    </Wrap>
  );
}
