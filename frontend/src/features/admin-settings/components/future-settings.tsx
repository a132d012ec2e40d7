import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { LuBell, LuGauge, LuLock, LuServer, LuShieldAlert } from 'react-icons/lu';
import { SettingsPanel } from './settings-panel';

const upcoming = [
  { icon: <LuLock />, title: 'Two-factor authentication', text: 'Require a second factor for every admin sign-in.' },
  {
    icon: <LuBell />,
    title: 'Notification preferences',
    text: 'Choose which events e-mail you: new signups, app submissions, failed webhooks.',
  },
  {
    icon: <LuGauge />,
    title: 'API rate limits',
    text: 'Adjust the daily request limits of staging and production keys.',
  },
  {
    icon: <LuShieldAlert />,
    title: 'Session and security policies',
    text: 'Session length, password rules and sign-in alerts.',
  },
  { icon: <LuServer />, title: 'Sync schedules', text: 'Configure when legacy and internal systems are synchronised.' },
];

/** Settings planned for later releases, listed so admins know what is coming. */
export function FutureSettings() {
  return (
    <SettingsPanel title="More settings" intro="These controls are on the roadmap.">
      <Stack gap="0" divideY="1px" divideColor="gray.100">
        {upcoming.map((item) => (
          <HStack key={item.title} gap="4" py="4" align="flex-start">
            <Box color="brand.fg" bg="brand.subtle" rounded="md" p="2" fontSize="lg">
              {item.icon}
            </Box>
            <Box flex="1" minW="0">
              <Text fontWeight="medium">{item.title}</Text>
              <Text fontSize="sm" color="gray.600">
                {item.text}
              </Text>
            </Box>
            <Badge variant="subtle" colorPalette="gray" flexShrink={0}>
              Coming soon
            </Badge>
          </HStack>
        ))}
      </Stack>
    </SettingsPanel>
  );
}
