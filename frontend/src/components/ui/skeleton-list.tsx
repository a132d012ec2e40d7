import { Skeleton, Stack, type StackProps } from '@chakra-ui/react';

/** Placeholder cards while a list of cards loads: `count` grey blocks of height `h`, hidden from screen readers. */
export function SkeletonList({ count = 2, h, ...rest }: { count?: number; h: string } & StackProps) {
  return (
    <Stack gap="3" aria-hidden {...rest}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} h={h} rounded="xl" />
      ))}
    </Stack>
  );
}
