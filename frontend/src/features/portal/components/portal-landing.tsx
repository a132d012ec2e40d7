import { Badge, Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LIMITS } from '@shared/constants';
import type { ReactNode } from 'react';
import {
  LuChartColumn,
  LuClipboardCheck,
  LuKeyRound,
  LuLogIn,
  LuMailCheck,
  LuShieldCheck,
  LuStore,
  LuUserPlus,
  LuWebhook,
} from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { HeadingText } from '@/components/ui/heading-text';
import { IconTile } from '@/components/ui/icon-tile';
import { paths } from '@/config/paths';

const entryPoints: { title: string; text: string; to: string; cta: string; icon: ReactNode; primary?: boolean }[] = [
  {
    title: 'Developer Login',
    text: 'Manage your apps, keys and webhooks.',
    to: paths.login,
    cta: 'Developer Login',
    icon: <LuLogIn />,
  },
  {
    title: 'New to the platform?',
    text: 'Create a developer account. Our team approves new accounts for production access.',
    to: paths.signup,
    cta: 'Sign Up as Developer',
    icon: <LuUserPlus />,
    primary: true,
  },
  {
    title: 'Administrators',
    text: 'Review apps, approve developers and run synchronisation.',
    to: paths.adminLogin,
    cta: 'Admin Login',
    icon: <LuShieldCheck />,
  },
];

const features: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Staging & production API keys',
    text: `Build against a staging key at once (${LIMITS.stagingDailyLimit} requests a day); production keys unlock after approval.`,
    icon: <LuKeyRound />,
  },
  {
    title: 'Real-time webhooks',
    text: 'Subscribe each app to practice events, with signed deliveries, retries and delivery logs.',
    icon: <LuWebhook />,
  },
  {
    title: 'Marketplace distribution',
    text: 'Publish public apps to a marketplace browsed by dental practices, by category.',
    icon: <LuStore />,
  },
  {
    title: 'Automatic licence delivery',
    text: 'Keys from a pool, a universal code, your own webhook or manual access, e-mailed to each buyer.',
    icon: <LuMailCheck />,
  },
  {
    title: 'Sales analytics',
    text: 'See sales, revenue and customers of every public app in one place.',
    icon: <LuChartColumn />,
  },
  {
    title: 'Review & approval',
    text: 'Every submission is reviewed within 3 to 5 business days, so practices can trust what they install.',
    icon: <LuClipboardCheck />,
  },
];

/** The /portal landing page: ways in and what the platform offers developers. */
export function PortalLanding() {
  return (
    <>
      <Box bgGradient="to-br" gradientFrom="brand.700" gradientTo="blue.900" color="white">
        <Container maxW="6xl" py={{ base: '14', md: '20' }}>
          <Stack gap="5" maxW="3xl">
            <Badge alignSelf="flex-start" colorPalette="brand" variant="solid" bg="whiteAlpha.200" size="lg">
              Developer Portal
            </Badge>
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} letterSpacing="tight" lineHeight="shorter">
              Build the software dental practices rely on.
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="whiteAlpha.900">
              Integrate with practice systems through our API, receive real-time events, and sell licences to practices
              through the marketplace.
            </Text>
            <HStack gap="3" flexWrap="wrap" pt="2">
              <Button asChild size="lg" bg="white" color="brand.800" _hover={{ bg: 'brand.50' }}>
                <RouterLink to={paths.signup}>Sign Up as Developer</RouterLink>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                color="white"
                borderColor="whiteAlpha.600"
                _hover={{ bg: 'whiteAlpha.200' }}
              >
                <RouterLink to={paths.login}>Developer Login</RouterLink>
              </Button>
            </HStack>
          </Stack>
        </Container>
      </Box>

      <Container maxW="6xl" mt={{ base: '-8', md: '-10' }}>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {entryPoints.map((e) => (
            <Stack
              key={e.to}
              bg="white"
              rounded="xl"
              borderWidth="1px"
              borderColor={e.primary ? 'brand.300' : 'gray.200'}
              shadow="md"
              p="6"
              gap="3"
            >
              <HeadingText icon={e.icon} title={e.title} flex="1">
                {e.text}
              </HeadingText>
              <Button asChild colorPalette="brand" variant={e.primary ? 'solid' : 'outline'}>
                <RouterLink to={e.to}>{e.cta}</RouterLink>
              </Button>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>

      <Container maxW="6xl" py={{ base: '14', md: '20' }}>
        <Stack gap="2" mb="10" textAlign="center">
          <Heading as="h2" size={{ base: '2xl', md: '3xl' }} letterSpacing="tight">
            Everything you need to ship to dental practices
          </Heading>
          <Text color="gray.600">From the first API call to the hundredth practice.</Text>
        </Stack>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6">
          {features.map((f) => (
            <Stack key={f.title} gap="3" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" p="6">
              <IconTile>{f.icon}</IconTile>
              <HeadingText as="h3" title={f.title}>
                {f.text}
              </HeadingText>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
