import {
  Badge,
  Box,
  Button,
  CloseButton,
  Drawer,
  Flex,
  HStack,
  IconButton,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { type ReactNode, Suspense, useState } from 'react';
import { LuBookOpen, LuExternalLink, LuLayoutDashboard, LuLogOut, LuMenu } from 'react-icons/lu';
import { NavLink, Outlet, Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Logo } from '../brand/logo';
import { DOCS_URL, SITE } from '../brand/site';
import { PageSpinner } from '../ui/page-spinner';
import { stickyBarStyle } from '../ui/surfaces';

export interface SidebarItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** Only active on the exact path (the area's dashboard). */
  end?: boolean;
  /** Opens in a new tab (API docs). */
  external?: boolean;
}

/** An area's sidebar: its Dashboard first, then the area's own sections, then the API docs (new tab). */
export function areaSidebar(dashboard: string, sections: SidebarItem[]): SidebarItem[] {
  return [
    { label: 'Dashboard', to: dashboard, icon: <LuLayoutDashboard />, end: true },
    ...sections,
    { label: 'API Docs', to: DOCS_URL, icon: <LuBookOpen />, external: true },
  ];
}

const itemStyle = {
  variant: 'ghost',
  justifyContent: 'flex-start',
  w: 'full',
  gap: '3',
  fontWeight: 'medium',
  color: 'gray.300',
  _hover: { bg: 'whiteAlpha.100', color: 'white' },
} as const;

function SidebarNav({
  title,
  items,
  onLogout,
  onNavigate,
}: {
  title: string;
  items: SidebarItem[];
  onLogout: () => void;
  onNavigate?: () => void;
}) {
  return (
    <Flex direction="column" h="full" bg="brand.950" color="gray.200">
      <HStack px="5" h="16" gap="2.5" borderBottomWidth="1px" borderColor="whiteAlpha.200" flexShrink={0}>
        <Logo title={title} size={7} color="white" />
      </HStack>
      <Stack as="nav" aria-label={title} gap="1" p="3" flex="1" overflowY="auto">
        {items.map((item) =>
          item.external ? (
            <Button key={item.label} asChild {...itemStyle} onClick={onNavigate}>
              <a href={item.to} target="_blank" rel="noopener noreferrer">
                {item.icon}
                {item.label}
                <Box as="span" ms="auto" fontSize="xs" opacity={0.7}>
                  <LuExternalLink />
                </Box>
              </a>
            </Button>
          ) : (
            <Button
              key={item.label}
              asChild
              {...itemStyle}
              _currentPage={{ bg: 'brand.600', color: 'white' }}
              onClick={onNavigate}
            >
              <NavLink to={item.to} end={item.end}>
                {item.icon}
                {item.label}
              </NavLink>
            </Button>
          ),
        )}
      </Stack>
      <Box p="3" borderTopWidth="1px" borderColor="whiteAlpha.200">
        <Button {...itemStyle} onClick={onLogout}>
          <LuLogOut />
          Logout
        </Button>
      </Box>
    </Flex>
  );
}

/**
 * Shell for the developer and admin areas: a dark sidebar (a drawer below the lg breakpoint),
 * a top header with the ecosystem title, and the routed screen.
 */
export function SidebarLayout({
  title,
  roleLabel,
  items,
  onLogout,
}: {
  title: string;
  roleLabel: string;
  items: SidebarItem[];
  onLogout: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Flex minH="100vh" bg="gray.50">
      <Box as="aside" w="64" flexShrink={0} position="sticky" top="0" h="100vh" hideBelow="lg">
        <SidebarNav title={title} items={items} onLogout={onLogout} />
      </Box>

      <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="start" size="xs">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content maxW="72">
              <Drawer.Title srOnly>{title}</Drawer.Title>
              <SidebarNav
                title={title}
                items={items}
                onNavigate={() => setOpen(false)}
                onLogout={() => {
                  setOpen(false);
                  onLogout();
                }}
              />
              <Drawer.CloseTrigger asChild top="3.5" insetEnd="3">
                <CloseButton size="sm" color="gray.300" _hover={{ bg: 'whiteAlpha.200' }} />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>

      <Flex direction="column" flex="1" minW="0">
        <Flex as="header" h="16" align="center" gap="3" px={{ base: '4', md: '8' }} bg="white" {...stickyBarStyle}>
          <IconButton aria-label="Open navigation" variant="ghost" hideFrom="lg" onClick={() => setOpen(true)}>
            <LuMenu />
          </IconButton>
          <Text fontWeight="semibold" color="gray.800" truncate>
            {SITE.ecosystemTitle}
          </Text>
          <HStack ms="auto" gap="3">
            <Button asChild variant="ghost" size="sm" hideBelow="sm">
              <RouterLink to={paths.home}>View Marketplace</RouterLink>
            </Button>
            <Badge colorPalette="brand" variant="subtle" size="md">
              {roleLabel}
            </Badge>
          </HStack>
        </Flex>
        <Box as="main" flex="1" px={{ base: '4', md: '8' }} py={{ base: '6', md: '8' }} maxW="7xl" w="full" mx="auto">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
    </Flex>
  );
}
