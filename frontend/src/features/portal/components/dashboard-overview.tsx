import { Box, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LuAppWindow, LuBookOpen, LuExternalLink, LuKeyRound, LuSend, LuStore, LuWebhook } from 'react-icons/lu';
import { DOCS_URL } from '@/components/brand/site';
import { type Action, ActionGrid } from '@/components/ui/action-card';
import { StatCard } from '@/components/ui/stat-card';
import { paths } from '@/config/paths';
import { useDashboardCounts } from '../api/get-dashboard-counts';

const actions: Action[] = [
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
        <ActionGrid actions={actions} />
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
