import { Box, Container, Flex } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { Logo } from '@/components/brand/logo';
import { ButtonLink } from '@/components/ui/links';
import { paths } from '@/config/paths';
import { MyPurchases } from '@/features/purchases/components/my-purchases';

/**
 * /marketplace/my-purchases (developer role). The spec gives it no shared layout, so it carries
 * its own slim header with the way back to the marketplace.
 */
export default function MyPurchasesRoute() {
  return (
    <Box minH="100vh" bg="gray.50">
      <Box as="header" bg="white" borderBottomWidth="1px" borderColor="gray.200">
        <Container maxW="5xl">
          <Flex h="16" align="center" justify="space-between" gap="4">
            <RouterLink to={paths.home}>
              <Logo />
            </RouterLink>
            <ButtonLink to={paths.home} variant="ghost" size="sm">
              <LuArrowLeft /> Back to Marketplace
            </ButtonLink>
          </Flex>
        </Container>
      </Box>
      <Container as="main" maxW="5xl" py={{ base: '8', md: '12' }}>
        <MyPurchases />
      </Container>
    </Box>
  );
}
