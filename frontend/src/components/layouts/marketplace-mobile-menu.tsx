import { Box, Button, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react';
import { LuCode, LuLogIn, LuLogOut, LuUserPlus } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { StoredRole } from '@/lib/auth-storage';
import { accountLinks, NavButton, type NavEntry } from './marketplace-nav';

/** The marketplace navigation as a drawer for narrow screens (loaded on first open). */
export default function MarketplaceMobileMenu({
  open,
  onOpenChange,
  nav,
  token,
  role,
  portalTo,
  onLogout,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  nav: NavEntry[];
  token: string | null;
  role: StoredRole | null;
  portalTo: string;
  onLogout: () => void;
}) {
  const close = () => onOpenChange(false);
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="end" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label="Marketplace menu" gap="1">
                {nav.map((entry) => (
                  <NavButton key={entry.to} entry={entry} onClick={close} block />
                ))}
                {/* Buyers' and visitors' way in for vendors: not for admins, nor for a signed-in practice (a customer). */}
                {role !== 'admin' && role !== 'practice' && (
                  <NavButton
                    entry={{ label: 'Developer Portal', to: portalTo, icon: <LuCode /> }}
                    onClick={close}
                    block
                  />
                )}
                <Box borderTopWidth="1px" my="3" />
                {token ? (
                  <>
                    {accountLinks(role).map((link) => (
                      <NavButton key={link.to} entry={link} onClick={close} block />
                    ))}
                    <Button
                      variant="ghost"
                      size="sm"
                      justifyContent="flex-start"
                      color="fg.error"
                      onClick={() => {
                        close();
                        onLogout();
                      }}
                    >
                      <LuLogOut /> Logout
                    </Button>
                  </>
                ) : (
                  <>
                    <Button asChild variant="outline" size="sm" onClick={close}>
                      <RouterLink to={paths.login}>
                        <LuLogIn /> Sign In
                      </RouterLink>
                    </Button>
                    <Button asChild size="sm" colorPalette="brand" onClick={close}>
                      <RouterLink to={paths.signup}>
                        <LuUserPlus /> Sign Up
                      </RouterLink>
                    </Button>
                  </>
                )}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
