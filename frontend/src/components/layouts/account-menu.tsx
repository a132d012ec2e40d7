import { Avatar, Box, Button, Menu, Portal, Text, VisuallyHidden } from '@chakra-ui/react';
import { LuChevronDown, LuLogOut } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import type { StoredRole } from '@/lib/auth-storage';
import { useCurrentUser } from '@/lib/use-current-user';
import { accountLinks } from './marketplace-nav';

/** Signed-in user's menu in the marketplace top bar: role shortcuts and Logout. */
export default function AccountMenu({ role, onLogout }: { role: StoredRole | null; onLogout: () => void }) {
  const { user } = useCurrentUser();
  const name = user?.full_name || (role === 'admin' ? 'Administrator' : 'My Account');
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        {/* Named by what it shows (initials, name) plus "Account menu": an aria-label alone would not
            contain the visible name (WCAG 2.5.3 label in name, axe's label-content-name-mismatch). */}
        <Button variant="ghost" size="sm" px="2">
          <Avatar.Root size="xs" colorPalette="brand">
            <Avatar.Fallback name={user?.full_name || undefined} />
          </Avatar.Root>
          <Text as="span" maxW="40" truncate hideBelow="lg">
            {name}
          </Text>
          <VisuallyHidden>Account menu</VisuallyHidden>
          <LuChevronDown />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Box px="2" py="1.5">
              <Text fontWeight="semibold" fontSize="sm" truncate>
                {name}
              </Text>
              {user?.email && (
                <Text fontSize="xs" color="gray.500" truncate>
                  {user.email}
                </Text>
              )}
            </Box>
            <Menu.Separator />
            {accountLinks(role).map((link) => (
              <Menu.Item key={link.to} value={link.to} asChild>
                <RouterLink to={link.to}>
                  {link.icon}
                  {link.label}
                </RouterLink>
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item
              value="logout"
              onClick={onLogout}
              color="fg.error"
              _hover={{ bg: 'bg.error', color: 'fg.error' }}
            >
              <LuLogOut />
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
