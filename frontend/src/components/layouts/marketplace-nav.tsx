import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import {
  LuAppWindow,
  LuKeyRound,
  LuLayoutDashboard,
  LuShieldCheck,
  LuShoppingBag,
  LuStore,
  LuTags,
} from 'react-icons/lu';
import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { StoredRole } from '@/lib/auth-storage';

export interface NavEntry {
  label: string;
  to: string;
  icon: ReactNode;
  end?: boolean;
}

/** Top-bar links: Browse Apps, Categories, and My Purchases for the buyers (developers and practices). */
export function marketplaceNav(token: string | null, role: StoredRole | null): NavEntry[] {
  const nav: NavEntry[] = [
    { label: 'Browse Apps', to: paths.home, icon: <LuStore />, end: true },
    { label: 'Categories', to: paths.categories, icon: <LuTags /> },
  ];
  if (token && (role === 'developer' || role === 'practice'))
    nav.push({ label: 'My Purchases', to: paths.myPurchases, icon: <LuShoppingBag /> });
  return nav;
}

/** Role-specific shortcuts of the account menu (and the mobile menu). */
export function accountLinks(role: StoredRole | null): NavEntry[] {
  if (role === 'admin') return [{ label: 'Admin Panel', to: paths.admin, icon: <LuShieldCheck /> }];
  // A practice buys and never sees the developer portal.
  if (role === 'practice') return [{ label: 'My Purchases', to: paths.myPurchases, icon: <LuShoppingBag /> }];
  return [
    { label: 'Dashboard', to: paths.dashboard, icon: <LuLayoutDashboard /> },
    { label: 'My Apps', to: paths.myApps, icon: <LuAppWindow /> },
    { label: 'API Keys', to: paths.apiKeys, icon: <LuKeyRound /> },
  ];
}

export function NavButton({ entry, onClick, block }: { entry: NavEntry; onClick?: () => void; block?: boolean }) {
  return (
    <Button
      asChild
      variant="ghost"
      size="sm"
      color="gray.700"
      justifyContent={block ? 'flex-start' : 'center'}
      w={block ? 'full' : undefined}
      _currentPage={{ color: 'brand.fg', bg: 'brand.subtle' }}
      onClick={onClick}
    >
      <NavLink to={entry.to} end={entry.end}>
        {block && entry.icon}
        {entry.label}
      </NavLink>
    </Button>
  );
}
