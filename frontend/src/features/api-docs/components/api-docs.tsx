import {
  Alert,
  Badge,
  Box,
  Button,
  Grid,
  Heading,
  HStack,
  Input,
  InputGroup,
  Link,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useDeferredValue, useMemo, useState } from 'react';
import { LuDownload, LuSearch, LuSearchX } from 'react-icons/lu';
import { PageSpinner } from '@/components/ui/page-spinner';
import { panelStyle } from '@/components/ui/surfaces';
import { API_BASE } from '@/lib/api-client';
import { OPENAPI_URL, useOpenApiDocument } from '../api/get-openapi-document';
import { parseMarkdown } from '../utils/markdown';
import { filterGroups, groupByTag, type OpenApiDocument, type TagGroup } from '../utils/openapi';
import { EndpointCard } from './endpoint-card';
import { Markdown } from './markdown';
import { MethodBadge } from './method-badge';

const GUIDE_PREFIX = 'guide';

function DownloadLink() {
  return (
    <Button asChild variant="outline" size="sm" bg="white">
      <a href={OPENAPI_URL} download="openapi.json">
        <LuDownload aria-hidden /> Download openapi.json
      </a>
    </Button>
  );
}

function Sidebar({ guide, groups }: { guide: Array<{ id: string; text: string; level: number }>; groups: TagGroup[] }) {
  return (
    <Box
      as="nav"
      aria-label="API reference"
      position="sticky"
      top="20"
      maxH="calc(100vh - 6rem)"
      overflowY="auto"
      pe="2"
      hideBelow="lg"
      fontSize="sm"
    >
      {guide.length > 0 && (
        <Box mb="5">
          <Text fontSize="xs" fontWeight="bold" textTransform="uppercase" letterSpacing="wider" color="gray.500" mb="2">
            Guide
          </Text>
          <Stack gap="1">
            {guide.map((h) => (
              <Link
                key={h.id}
                href={`#${GUIDE_PREFIX}-${h.id}`}
                color="gray.700"
                ps={h.level > 2 ? '3' : '0'}
                _hover={{ color: 'brand.fg' }}
              >
                {h.text.replace(/[`*]/g, '')}
              </Link>
            ))}
          </Stack>
        </Box>
      )}
      {groups.map((group) => (
        <Box key={group.id} mb="5">
          <Link
            href={`#${group.id}`}
            fontSize="xs"
            fontWeight="bold"
            textTransform="uppercase"
            letterSpacing="wider"
            color="gray.500"
            mb="2"
            display="block"
          >
            {group.name}
          </Link>
          <Stack gap="1">
            {group.endpoints.map((e) => (
              <Link
                key={e.id}
                href={`#${e.id}`}
                display="flex"
                alignItems="center"
                gap="2"
                color="gray.700"
                _hover={{ color: 'brand.fg', textDecoration: 'none' }}
                title={`${e.method.toUpperCase()} ${e.path}`}
              >
                <MethodBadge method={e.method} size="xs" />
                <Text as="span" flex="1" minW="0" truncate>
                  {e.operation.summary ?? e.path}
                </Text>
              </Link>
            ))}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}

function Reference({ doc }: { doc: OpenApiDocument }) {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const allGroups = useMemo(() => groupByTag(doc), [doc]);
  const groups = useMemo(() => filterGroups(allGroups, deferredQuery), [allGroups, deferredQuery]);
  const total = useMemo(() => allGroups.reduce((n, g) => n + g.endpoints.length, 0), [allGroups]);
  const shown = groups.reduce((n, g) => n + g.endpoints.length, 0);
  const searching = deferredQuery.trim().length > 0;
  const guide = useMemo(
    () =>
      parseMarkdown(doc.info.description ?? '').flatMap((b) =>
        b.kind === 'heading' && b.level <= 3 ? [{ id: b.id, text: b.text, level: b.level }] : [],
      ),
    [doc],
  );
  const baseUrl = API_BASE || (typeof window === 'undefined' ? '' : window.location.origin);

  return (
    <Grid
      templateColumns={{ base: '1fr', lg: '15rem minmax(0, 1fr)' }}
      gap={{ base: '6', lg: '10' }}
      alignItems="start"
    >
      <Sidebar guide={searching ? [] : guide} groups={groups} />
      <Stack gap="10" minW="0">
        <Stack gap="3">
          <HStack gap="3" flexWrap="wrap" justify="space-between">
            <HStack gap="2" flexWrap="wrap">
              <Heading as="h2" size="lg" color="gray.900">
                {doc.info.title}
              </Heading>
              <Badge variant="outline">v{doc.info.version}</Badge>
              <Badge variant="subtle" colorPalette="gray">
                OpenAPI {doc.openapi}
              </Badge>
            </HStack>
            <DownloadLink />
          </HStack>
          <InputGroup startElement={<LuSearch />}>
            <Input
              type="search"
              bg="white"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search endpoints: path, method, summary, tag"
              aria-label="Search endpoints"
            />
          </InputGroup>
          <Text fontSize="sm" color="gray.500" aria-live="polite">
            {searching ? `${shown} of ${total} endpoints match` : `${total} endpoints in ${allGroups.length} groups`}
          </Text>
        </Stack>

        {!searching && doc.info.description && (
          <Box as="section" aria-label="Getting started guide" {...panelStyle} p={{ base: '5', md: '8' }}>
            <Markdown source={doc.info.description} idPrefix={GUIDE_PREFIX} />
          </Box>
        )}

        {groups.length === 0 && (
          <Stack align="center" gap="2" py="12" color="gray.500" textAlign="center">
            <Box fontSize="3xl">
              <LuSearchX />
            </Box>
            <Text>No endpoints match "{deferredQuery.trim()}".</Text>
            <Button size="sm" variant="outline" onClick={() => setQuery('')}>
              Clear search
            </Button>
          </Stack>
        )}

        {groups.map((group) => (
          <Stack as="section" key={group.id} aria-labelledby={group.id} gap="4">
            <Box>
              <Heading as="h2" id={group.id} size="xl" color="gray.900" scrollMarginTop="20" letterSpacing="tight">
                {group.name}
              </Heading>
              {group.description && <Text color="gray.600">{group.description}</Text>}
            </Box>
            {group.endpoints.map((endpoint) => (
              <EndpointCard key={endpoint.id} doc={doc} endpoint={endpoint} baseUrl={baseUrl} />
            ))}
          </Stack>
        ))}
      </Stack>
    </Grid>
  );
}

/** /docs body: the OpenAPI document rendered as a guide and an endpoint reference. */
export function ApiDocs() {
  const { data, error, isLoading, mutate } = useOpenApiDocument();
  if (isLoading && !data) return <PageSpinner label="Loading the API reference..." />;
  if (error || !data) {
    return (
      <Stack gap="4" maxW="2xl">
        <Alert.Root status="error" rounded="md">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The API reference could not be loaded</Alert.Title>
            <Alert.Description>Check your connection and try again.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <HStack gap="2">
          <Button colorPalette="brand" size="sm" onClick={() => void mutate()}>
            Try again
          </Button>
          <DownloadLink />
        </HStack>
      </Stack>
    );
  }
  return <Reference doc={data} />;
}
