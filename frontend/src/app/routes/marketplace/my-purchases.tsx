import { Box, Container, Flex } from '@chakra-ui/react';
import { LuArrowLeft, LuShoppingBag } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { MSG } from '../../../../../shared/messages';
import { Logo } from '../../../components/brand/logo';
import { EmptyState } from '../../../components/ui/empty-state';
import { ButtonLink } from '../../../components/ui/links';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';

/**
 * My Purchased Licenses (developer role; no shared layout per the spec, so it carries its own
 * slim header). Placeholder until purchases are built: shows the empty state.
 */
export default function MyPurchasesRoute() {
  return (
    <Box minH="100vh" bg="gray.50">
      <Box as="header" bg="white" borderBottomWidth="1px" borderColor="gray.200">
        <Container maxW="5xl">
          <Flex h="16" align="center" justify="space-between" gap="4">
            <RouterLink to={paths.home} aria-label="Marketplace home">
              <Logo />
            </RouterLink>
            <ButtonLink to={paths.home} variant="ghost" size="sm">
              <LuArrowLeft /> Back to Marketplace
            </ButtonLink>
          </Flex>
        </Container>
      </Box>
      <Container as="main" maxW="5xl" py={{ base: '8', md: '12' }}>
        <PageHeader
          title="My Purchased Licenses"
          description="Licences you bought in the marketplace and their keys."
        />
        <EmptyState
          icon={<LuShoppingBag />}
          title={MSG.noLicenses}
          description="Apps you license will appear here with their licence keys."
          action={
            <ButtonLink to={paths.home} colorPalette="brand">
              Browse Marketplace
            </ButtonLink>
          }
        />
      </Container>
    </Box>
  );
}
