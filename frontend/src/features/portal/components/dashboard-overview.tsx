import { Box, Heading, HStack, Link, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import {
  LuAppWindow,
  LuArrowRight,
  LuBookOpen,
  LuExternalLink,
  LuKeyRound,
  LuSend,
  LuStore,
  LuWebhook,
} from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { DOCS_URL } from '../../../components/brand/site';
import { StatCard } from '../../../components/ui/stat-card';
import { paths } from '../../../config/paths';
import { useDashboardCounts } from '../api/get-dashboard-counts';

const actions: { title: string; text: string; to: string; icon: ReactNode }[] = [
  { title: 'Manage My Apps', text: 'Edit, delete and follow your apps.', to: paths.myApps, icon: <LuAppWindow /> },
  { title: 'API Keys', text: 'Create staging and production keys.', to: paths.apiKeys, icon: <LuKeyRound /> },
  { title: 'Webhooks', text: 'Receive events from practices.', to: paths.webhooks, icon: <LuWebhook /> },
  { title: 'Submit an App', text: 'List a public app in the marketplace.', to: paths.submitApp, icon: <LuSend /> },
  { title: 'Browse Marketplace', text: 'See what practices can buy today.', to: paths.home, icon: <LuStore /> },
];

/** Developer dashboard body: counts, quick actions, documentation. */
export function DashboardOverview() {
  const { data, isLoading } = useDashboardCounts();
  return (
    <Stack gap="10">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <StatCard label="Apps" value={data?.apps ?? 0} loading={isLoading} icon={<LuAppWindow />} />
        <StatCard label="Webhooks" value={data?.webhooks ?? 0} loading={isLoading} icon={<LuWebhook />} />
        <StatCard label="API Keys" value={data?.apiKeys ?? 0} loading={isLoading} icon={<LuKeyRound />} />
      </SimpleGrid>

      <Box as="section">
        <Heading as="h2" size="lg" mb="4">
          Quick actions
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4">
          {actions.map((a) => (
            <LinkBox
              key={a.to}
              bg="white"
              borderWidth="1px"
              borderColor="gray.200"
              rounded="xl"
              p="5"
              transition="all 0.15s"
              _hover={{ borderColor: 'brand.300', shadow: 'md' }}
            >
              <HStack gap="4" align="flex-start">
                <Box color="brand.fg" bg="brand.subtle" rounded="lg" p="2.5" fontSize="xl">
                  {a.icon}
                </Box>
                <Box flex="1">
                  <LinkOverlay asChild>
                    <RouterLink to={a.to}>
                      <Text fontWeight="semibold" color="gray.900">
                        {a.title}
                      </Text>
                    </RouterLink>
                  </LinkOverlay>
                  <Text fontSize="sm" color="gray.600">
                    {a.text}
                  </Text>
                </Box>
                <Box color="gray.400" alignSelf="center">
                  <LuArrowRight />
                </Box>
              </HStack>
            </LinkBox>
          ))}
        </SimpleGrid>
      </Box>

      <HStack
        as="section"
        gap="4"
        bg="brand.subtle"
        borderWidth="1px"
        borderColor="brand.muted"
        rounded="xl"
        p="5"
        align={{ base: 'flex-start', md: 'center' }}
        flexDirection={{ base: 'column', md: 'row' }}
      >
        <Box color="brand.fg" fontSize="2xl">
          <LuBookOpen />
        </Box>
        <Box flex="1">
          <Text fontWeight="semibold">API documentation</Text>
          <Text fontSize="sm" color="gray.700">
            Authentication, endpoints, webhook events and licence delivery, with examples.
          </Text>
        </Box>
        <Link href={DOCS_URL} target="_blank" rel="noopener noreferrer" color="brand.fg" fontWeight="semibold">
          Open API documentation <LuExternalLink />
        </Link>
      </HStack>
    </Stack>
  );
}
