import { Grid, HStack, Skeleton, SkeletonText, Stack } from '@chakra-ui/react';

/** The detail page's shape while it loads, so the content lands without a jump. */
export function AppDetailSkeleton() {
  return (
    <Stack gap="10" aria-busy="true" aria-label="Loading app">
      <HStack gap="6" align="flex-start">
        <Skeleton w="96px" h="96px" borderRadius="2xl" flexShrink={0} />
        <Stack gap="3" flex="1">
          <Skeleton h="5" w="24" borderRadius="full" />
          <Skeleton h="9" w="50%" />
          <Skeleton h="5" w="80%" />
        </Stack>
      </HStack>
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 360px' }} gap="8">
        <Stack gap="4">
          <Skeleton h="56" borderRadius="lg" />
          <SkeletonText noOfLines={5} gap="3" />
        </Stack>
        <Skeleton h="64" borderRadius="xl" />
      </Grid>
    </Stack>
  );
}
