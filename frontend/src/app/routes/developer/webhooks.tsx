import { Box, HStack, Text } from '@chakra-ui/react';
import { LuInfo } from 'react-icons/lu';
import { AppLink } from '@/components/ui/links';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';

/** The spec's /dashboard/webhooks: only a note that webhooks are configured per app. */
export default function WebhooksRoute() {
  return (
    <>
      <PageHeader title="Webhooks" description="Receive real-time events from dental practices." />
      <HStack
        align="flex-start"
        gap="3"
        bg="blue.50"
        borderWidth="1px"
        borderColor="blue.200"
        rounded="xl"
        p="5"
        color="blue.900"
      >
        <Box mt="0.5" fontSize="lg">
          <LuInfo />
        </Box>
        <Text>
          Webhooks are configured within each app. Open <AppLink to={paths.myApps}>My Apps</AppLink>, choose an app and
          use its Webhooks section to add endpoints, send test events and read delivery logs.
        </Text>
      </HStack>
    </>
  );
}
