import { Box, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { LuBadgeCheck, LuKeyRound, LuShieldCheck, LuStore } from 'react-icons/lu';
import { Outlet, Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Logo } from '../brand/logo';
import { PageSpinner } from '../ui/page-spinner';
import { panelStyle } from '../ui/surfaces';

const highlights = [
  { icon: <LuStore />, text: 'Reach dental practices through a curated marketplace' },
  { icon: <LuKeyRound />, text: 'Staging and production API keys, ready in minutes' },
  { icon: <LuShieldCheck />, text: 'Every app reviewed before it reaches a practice' },
];

/** Sign-in, sign-up and password screens: a brand panel beside a centered form card. */
export function AuthLayout() {
  return (
    <Flex minH="100vh" bg="gray.50">
      <Flex
        direction="column"
        justify="space-between"
        w={{ lg: '45%', xl: '40%' }}
        p="12"
        bgGradient="to-br"
        gradientFrom="brand.700"
        gradientTo="blue.900"
        color="white"
        hideBelow="lg"
      >
        <RouterLink to={paths.home}>
          <Logo size={9} color="white" fontSize="lg" />
        </RouterLink>
        <Stack gap="8" maxW="md">
          <Heading size="3xl" lineHeight="shorter" letterSpacing="tight">
            Build, list and license software for dental practices.
          </Heading>
          <Stack gap="4">
            {highlights.map((h) => (
              <HStack key={h.text} gap="3" align="flex-start">
                <Box mt="0.5" color="brand.200" fontSize="lg">
                  {h.icon}
                </Box>
                <Text color="whiteAlpha.900">{h.text}</Text>
              </HStack>
            ))}
          </Stack>
        </Stack>
        <HStack gap="2" color="whiteAlpha.700" fontSize="sm">
          <LuBadgeCheck />
          <Text>No patient health information is stored on this platform.</Text>
        </HStack>
      </Flex>

      <Flex flex="1" direction="column" align="center" justify="center" px="4" py={{ base: '8', md: '12' }}>
        <Box hideFrom="lg" mb="8">
          <RouterLink to={paths.home}>
            <Logo />
          </RouterLink>
        </Box>
        <Box w="full" maxW="md" {...panelStyle} rounded="2xl" shadow="sm" p={{ base: '6', sm: '8' }}>
          <Suspense fallback={<PageSpinner minH="20rem" />}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
    </Flex>
  );
}

export default AuthLayout;
