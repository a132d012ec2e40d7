import { Box, Container, Flex, Grid, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { COPYRIGHT_YEAR } from '@shared/constants';
import { LuMail, LuPhone } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Logo } from '../brand/logo';
import { DOCS_URL, SITE } from '../brand/site';

function FooterLink({ to, children }: { to: string; children: string }) {
  return (
    <Link asChild color="gray.300" fontSize="sm" _hover={{ color: 'white' }}>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

function Column({ title, links }: { title: string; links: [string, string][] }) {
  return (
    <Stack gap="2.5">
      <Text fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider" color="gray.400">
        {title}
      </Text>
      {links.map(([label, to]) => (
        <FooterLink key={label} to={to}>
          {label}
        </FooterLink>
      ))}
    </Stack>
  );
}

/**
 * Marketplace footers: the main footer (help center, terms, privacy, copyright) and a second one
 * with company links, the support e-mail and the phone number.
 */
export function SiteFooter() {
  return (
    <Box as="footer" mt="auto">
      <Box bg="white" borderTopWidth="1px" borderColor="gray.200">
        <Container maxW="7xl" py="5">
          <Flex direction={{ base: 'column', md: 'row' }} gap="3" justify="space-between" align="center">
            <HStack gap={{ base: '4', md: '6' }} flexWrap="wrap" justify="center" fontSize="sm">
              <Link asChild color="gray.600" _hover={{ color: 'brand.fg' }}>
                <RouterLink to={paths.support}>Help Center</RouterLink>
              </Link>
              <Link asChild color="gray.600" _hover={{ color: 'brand.fg' }}>
                <RouterLink to={paths.terms}>Terms of Service</RouterLink>
              </Link>
              <Link asChild color="gray.600" _hover={{ color: 'brand.fg' }}>
                <RouterLink to={paths.privacy}>Privacy Policy</RouterLink>
              </Link>
            </HStack>
            <Text fontSize="sm" color="gray.500" textAlign="center">
              © {COPYRIGHT_YEAR} {SITE.company} All rights reserved.
            </Text>
          </Flex>
        </Container>
      </Box>
      <Box bg="brand.950" color="gray.300">
        <Container maxW="7xl" py={{ base: '8', md: '10' }}>
          <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, 1fr)', lg: '2fr 1fr 1fr 1.4fr' }} gap="8">
            <Stack gap="3" maxW="sm">
              <Logo size={7} color="white" />
              <Text fontSize="sm" color="gray.400">
                Trusted software for modern dental practices: discover, license and integrate apps built for clinical
                teams, front desks and practice owners.
              </Text>
            </Stack>
            <Column
              title="Company"
              links={[
                ['About us', paths.portal],
                ['Help Center', paths.support],
                ['Terms of Service', paths.terms],
                ['Privacy Policy', paths.privacy],
              ]}
            />
            <Column
              title="Resources"
              links={[
                ['Browse Apps', paths.home],
                ['Categories', paths.categories],
                ['Developer Portal', paths.portal],
                ['API Documentation', DOCS_URL],
              ]}
            />
            <Stack gap="2.5">
              <Text
                fontSize="xs"
                fontWeight="semibold"
                textTransform="uppercase"
                letterSpacing="wider"
                color="gray.400"
              >
                Contact
              </Text>
              <Link href={`mailto:${SITE.supportEmail}`} color="gray.300" fontSize="sm" _hover={{ color: 'white' }}>
                <LuMail /> {SITE.supportEmail}
              </Link>
              <Link href={SITE.supportPhoneHref} color="gray.300" fontSize="sm" _hover={{ color: 'white' }}>
                <LuPhone /> {SITE.supportPhone}
              </Link>
              <Text fontSize="xs" color="gray.400">
                {SITE.supportHours}
              </Text>
            </Stack>
          </Grid>
        </Container>
      </Box>
    </Box>
  );
}
