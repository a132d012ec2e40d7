import { Box, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { IconType } from 'react-icons';
import { ButtonLink } from './links';
import { useDocumentTitle } from './use-document-title';

/** A link button in a screen's header: `primary` in the brand colour, `outline` or `ghost` (small) beside it. */
export type HeaderLink = { to: string; icon: IconType; label: string; look: 'primary' | 'outline' | 'ghost' };

const LOOKS = {
  primary: { colorPalette: 'brand' },
  outline: { variant: 'outline' },
  ghost: { variant: 'ghost', size: 'sm' },
} as const;

/** Title, optional description and actions (any nodes, then the link buttons of `links`) at the top of a screen. */
export function PageHeader({
  title,
  description,
  actions,
  links = [],
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  links?: readonly HeaderLink[];
}) {
  useDocumentTitle(typeof title === 'string' ? title : undefined);
  return (
    <Flex
      direction={{ base: 'column', md: 'row' }}
      align={{ base: 'stretch', md: 'flex-end' }}
      justify="space-between"
      gap="4"
      mb={{ base: '6', md: '8' }}
    >
      <Box minW="0">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} color="gray.900" letterSpacing="tight">
          {title}
        </Heading>
        {description && (
          <Text mt="1.5" color="gray.600" maxW="3xl">
            {description}
          </Text>
        )}
      </Box>
      {(actions || links.length > 0) && (
        <HStack gap="2" flexWrap="wrap" flexShrink={0}>
          {actions}
          {links.map(({ to, icon: Icon, label, look }) => (
            <ButtonLink key={to} to={to} {...LOOKS[look]}>
              <Icon aria-hidden /> {label}
            </ButtonLink>
          ))}
        </HStack>
      )}
    </Flex>
  );
}
