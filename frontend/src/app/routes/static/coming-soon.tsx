import { Box, Container, Heading, Text, VStack } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import { LuRocket } from 'react-icons/lu';
import { ButtonLink } from '@/components/ui/links';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { paths } from '@/config/paths';

export default function ComingSoonRoute() {
  useDocumentTitle('Coming soon');
  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }}>
      <VStack gap="5" textAlign="center">
        <Box color="brand.500" fontSize="5xl">
          <LuRocket />
        </Box>
        <Heading as="h1" size="3xl" letterSpacing="tight">
          {MSG.marketplaceComingSoon}
        </Heading>
        <Text color="gray.600" fontSize="lg">
          We're putting the finishing touches on this part of the marketplace. Check back soon.
        </Text>
        <ButtonLink to={paths.home} colorPalette="brand" size="lg">
          Back to the marketplace
        </ButtonLink>
      </VStack>
    </Container>
  );
}
