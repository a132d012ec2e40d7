import { Button, type ButtonProps, Link, type LinkProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** A Chakra-styled in-app link (client-side navigation). */
export function AppLink({ to, children, ...props }: Omit<LinkProps, 'href'> & { to: string; children: ReactNode }) {
  return (
    <Link asChild color="brand.fg" fontWeight="medium" {...props}>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

/** A button that navigates (renders an anchor, so it can be opened in a new tab). */
export function ButtonLink({ to, children, ...props }: ButtonProps & { to: string; children: ReactNode }) {
  return (
    <Button asChild {...props}>
      <RouterLink to={to}>{children}</RouterLink>
    </Button>
  );
}
