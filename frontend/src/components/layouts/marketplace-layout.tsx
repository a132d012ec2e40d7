import { Box, Button, Container, Flex, HStack, IconButton, SkeletonCircle } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { LuCode, LuMenu } from 'react-icons/lu';
import { Outlet, Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/use-current-user';
import { Logo } from '../brand/logo';
import { SITE } from '../brand/site';
import { PageSpinner } from '../ui/page-spinner';
import { stickyBarStyle } from '../ui/surfaces';
import { withAllRecipes } from '../ui/with-all-recipes';
import { marketplaceNav, NavButton } from './marketplace-nav';
import { SiteFooter } from './site-footer';
import { useLogout } from './use-logout';

// Loaded on demand: signed-out visitors never need the menu machinery, phones only on first tap.
const AccountMenu = lazy(withAllRecipes(() => import('./account-menu')));
const MarketplaceMobileMenu = lazy(withAllRecipes(() => import('./marketplace-mobile-menu')));

/** Public marketplace chrome: top bar with navigation and account menu, content, footers. */
export function MarketplaceLayout() {
  const { token, role } = useSession();
  const nav = marketplaceNav(token, role);
  const logout = useLogout('marketplace');
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const portalTo = role === 'developer' ? paths.dashboard : paths.portal;

  return (
    <Flex direction="column" minH="100vh" bg="gray.50">
      <Box as="header" {...stickyBarStyle} bg="white/90" backdropFilter="saturate(180%) blur(8px)">
        <Container maxW="7xl">
          <Flex h="16" align="center" gap="4">
            {/* Named by its visible text (WCAG 2.5.3 label in name): an aria-label differing from it was flagged. */}
            <RouterLink to={paths.home}>
              <Logo title={SITE.ecosystemTitle} subtitle="App Marketplace" />
            </RouterLink>
            <HStack as="nav" aria-label="Marketplace" gap="1" ms="4" hideBelow="lg">
              {nav.map((entry) => (
                <NavButton key={entry.to} entry={entry} />
              ))}
            </HStack>
            <HStack ms="auto" gap="2">
              {/* Not for admins, nor for a signed-in practice: a customer never sees the developer portal. */}
              {role !== 'admin' && role !== 'practice' && (
                <Button asChild variant="outline" size="sm" colorPalette="brand" hideBelow="lg">
                  <RouterLink to={portalTo}>
                    <LuCode /> Developer Portal
                  </RouterLink>
                </Button>
              )}
              {token ? (
                <Box hideBelow="md">
                  <Suspense fallback={<SkeletonCircle size="6" mx="2" />}>
                    <AccountMenu role={role} onLogout={logout} />
                  </Suspense>
                </Box>
              ) : (
                <HStack gap="2" hideBelow="md">
                  <Button asChild variant="ghost" size="sm">
                    <RouterLink to={paths.login}>Sign In</RouterLink>
                  </Button>
                  <Button asChild size="sm" colorPalette="brand">
                    <RouterLink to={paths.signup}>Sign Up</RouterLink>
                  </Button>
                </HStack>
              )}
              <IconButton
                aria-label="Open menu"
                variant="ghost"
                hideFrom="lg"
                onClick={() => {
                  setMenuLoaded(true);
                  setMenuOpen(true);
                }}
              >
                <LuMenu />
              </IconButton>
            </HStack>
          </Flex>
        </Container>
      </Box>

      {menuLoaded && (
        <Suspense fallback={null}>
          <MarketplaceMobileMenu
            open={menuOpen}
            onOpenChange={setMenuOpen}
            nav={nav}
            token={token}
            role={role}
            portalTo={portalTo}
            onLogout={logout}
          />
        </Suspense>
      )}

      <Box as="main" flex="1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
      <SiteFooter />
    </Flex>
  );
}

export default MarketplaceLayout;
