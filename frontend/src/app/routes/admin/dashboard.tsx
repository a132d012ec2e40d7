import { Badge, Box, Heading, HStack, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import {
  LuActivity,
  LuAppWindow,
  LuArrowRight,
  LuListOrdered,
  LuRefreshCw,
  LuScrollText,
  LuServer,
  LuUsers,
} from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';

const sections: { title: string; text: string; to: string; icon: ReactNode }[] = [
  { title: 'Users', text: 'Approve developers and review their keys.', to: paths.adminUsers, icon: <LuUsers /> },
  { title: 'Apps', text: 'Approve, suspend or remove marketplace apps.', to: paths.adminApps, icon: <LuAppWindow /> },
  {
    title: 'Internal Sync',
    text: 'Load features, event types and tables.',
    to: paths.adminSync,
    icon: <LuRefreshCw />,
  },
  { title: 'Queue', text: 'Pending and failed sync jobs.', to: paths.adminQueue, icon: <LuListOrdered /> },
  { title: 'Logs', text: 'Webhook deliveries and replays.', to: paths.adminLogs, icon: <LuScrollText /> },
];

function StatusTile({ title, icon }: { title: string; icon: ReactNode }) {
  return (
    <Box bg="white" borderWidth="1px" borderColor="gray.200" rounded="xl" p="5">
      <HStack justify="space-between">
        <HStack gap="3">
          <Box color="gray.500" fontSize="xl">
            {icon}
          </Box>
          <Text fontWeight="semibold">{title}</Text>
        </HStack>
        <Badge colorPalette="gray" variant="subtle">
          Not available yet
        </Badge>
      </HStack>
      <Text fontSize="sm" color="gray.500" mt="3">
        Live status appears here once monitoring is connected.
      </Text>
    </Box>
  );
}

export default function AdminDashboardRoute() {
  return (
    <>
      <PageHeader title="Admin Dashboard" description="Manage developers, apps and system synchronisation." />
      <Stack gap="10">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <StatusTile title="System Health" icon={<LuActivity />} />
          <StatusTile title="Sync Status" icon={<LuServer />} />
        </SimpleGrid>
        <Box as="section">
          <Heading as="h2" size="lg" mb="4">
            Management
          </Heading>
          <SimpleGrid columns={{ base: 1, sm: 2, xl: 3 }} gap="4">
            {sections.map((s) => (
              <LinkBox
                key={s.to}
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
                    {s.icon}
                  </Box>
                  <Box flex="1">
                    <LinkOverlay asChild>
                      <RouterLink to={s.to}>
                        <Text fontWeight="semibold" color="gray.900">
                          {s.title}
                        </Text>
                      </RouterLink>
                    </LinkOverlay>
                    <Text fontSize="sm" color="gray.600">
                      {s.text}
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
      </Stack>
    </>
  );
}
