import { Box, Code, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ContentPage } from '../../../components/layouts/content-page';
import { AppLink } from '../../../components/ui/links';
import { PlaceholderPanel } from '../../../components/ui/placeholder-panel';
import { paths } from '../../../config/paths';

const topics = [
  { title: 'Authentication', text: 'Every request carries a bearer token; server-to-server calls use your API key.' },
  { title: 'API keys', text: 'Staging keys work at once; production keys need account approval.' },
  { title: 'Webhooks', text: 'Subscribe an app to events and verify each delivery with its secret.' },
  { title: 'Licence delivery', text: 'Answer the licence webhook with a license_key and expires_at.' },
];

/** API documentation page; the full OpenAPI reference is rendered here in a later release. */
export default function DocsRoute() {
  return (
    <ContentPage
      eyebrow="Developers"
      title="API Documentation"
      lead="Reference for integrating with the dental developer ecosystem."
      maxW="5xl"
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mb="10">
        {topics.map((t) => (
          <Box key={t.title} bg="white" borderWidth="1px" borderColor="gray.200" rounded="xl" p="5">
            <Heading as="h2" size="md" mb="1.5">
              {t.title}
            </Heading>
            <Text color="gray.600" fontSize="sm">
              {t.text}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      <PlaceholderPanel title="Interactive API reference">
        <Stack gap="2">
          <Text>
            The complete endpoint reference is being prepared. Meanwhile, all calls use JSON over HTTPS under{' '}
            <Code>/api</Code>, and errors return a <Code>detail</Code> message.
          </Text>
          <Text>
            Need an API key? <AppLink to={paths.signup}>Create a developer account</AppLink>.
          </Text>
        </Stack>
      </PlaceholderPanel>
    </ContentPage>
  );
}
