import { Badge, Box, Button, Code, Grid, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { LuGlobe, LuKeyRound, LuLock } from 'react-icons/lu';
import { panelHeaderStyle, panelStyle } from '@/components/ui/surfaces';
import { curlExample, responseExample } from '../utils/example';
import {
  type AuthRequirement,
  authOf,
  deref,
  type Endpoint,
  type Header,
  type MediaType,
  type OpenApiDocument,
  type Operation,
  parametersOf,
  type ResponseObject,
  responsesOf,
} from '../utils/openapi';
import { constraintsOf, typeLabel } from '../utils/schema';
import { Chevron } from './chevron';
import { CodeBlock, InlineText, Markdown } from './markdown';
import { MethodBadge } from './method-badge';
import { SchemaTree } from './schema-tree';

const AUTH_STYLE: Record<AuthRequirement['kind'], { palette: string; icon: ReactNode }> = {
  public: { palette: 'green', icon: <LuGlobe /> },
  bearer: { palette: 'blue', icon: <LuLock /> },
  apiKey: { palette: 'purple', icon: <LuKeyRound /> },
  other: { palette: 'gray', icon: <LuLock /> },
};

export function AuthBadge({ auth }: { auth: AuthRequirement }) {
  const style = AUTH_STYLE[auth.kind];
  return (
    <Badge colorPalette={style.palette} variant="subtle" size="md" title={auth.detail}>
      {style.icon}
      {auth.label}
    </Badge>
  );
}

/** '/v1/apps/{id}/licenses' with the path parameters highlighted. */
export function PathText({ path }: { path: string }) {
  const parts = path.split(/(\{[^}]+\})/g).filter(Boolean);
  return (
    <Text as="span" fontFamily="mono" fontSize="sm" fontWeight="medium" color="gray.900" wordBreak="break-all">
      {parts.map((part, i) =>
        part.startsWith('{') ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of a fixed string
          <Text as="span" key={i} color="brand.fg">
            {part}
          </Text>
        ) : (
          part
        ),
      )}
    </Text>
  );
}

function SubHeading({ children }: { children: ReactNode }) {
  return (
    <Text fontSize="xs" fontWeight="bold" textTransform="uppercase" letterSpacing="wider" color="gray.500" mb="1">
      {children}
    </Text>
  );
}

function Parameters({ doc, operation }: { doc: OpenApiDocument; operation: Operation }) {
  const params = parametersOf(doc, operation);
  if (!params.length) return null;
  return (
    <Box>
      <SubHeading>Parameters</SubHeading>
      <Table.ScrollArea borderWidth="1px" borderColor="gray.100" rounded="md" tabIndex={0}>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row bg="gray.50">
              <Table.ColumnHeader>Name</Table.ColumnHeader>
              <Table.ColumnHeader>In</Table.ColumnHeader>
              <Table.ColumnHeader>Type</Table.ColumnHeader>
              <Table.ColumnHeader>Description</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {params.map((p) => {
              const notes = p.schema ? constraintsOf(doc, p.schema) : [];
              return (
                <Table.Row key={`${p.in}-${p.name}`}>
                  <Table.Cell>
                    <Text fontFamily="mono" fontSize="sm" fontWeight="semibold">
                      {p.name}
                    </Text>
                    {(p.required || p.in === 'path') && (
                      <Text fontSize="xs" color="orange.700">
                        required
                      </Text>
                    )}
                  </Table.Cell>
                  <Table.Cell fontSize="xs" color="gray.600">
                    {p.in}
                  </Table.Cell>
                  <Table.Cell fontFamily="mono" fontSize="xs" color="gray.600">
                    {typeLabel(doc, p.schema)}
                  </Table.Cell>
                  <Table.Cell fontSize="sm" color="gray.600">
                    {p.description && <InlineText text={p.description} />}
                    {notes.length > 0 && (
                      <Text fontSize="xs" color="gray.500">
                        {notes.join(' · ')}
                      </Text>
                    )}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}

function RequestBody({ doc, operation }: { doc: OpenApiDocument; operation: Operation }) {
  const body = deref<{ required?: boolean; description?: string; content?: Record<string, MediaType> }>(
    doc,
    operation.requestBody,
  );
  if (!body?.content) return null;
  const entries = Object.entries(body.content);
  if (!entries.length) return null;
  return (
    <Box>
      <SubHeading>Request body</SubHeading>
      {body.description && (
        <Text fontSize="sm" color="gray.600" mb="1">
          <InlineText text={body.description} />
        </Text>
      )}
      {entries.map(([type, media]) => (
        <Box key={type} borderWidth="1px" borderColor="gray.100" rounded="md" px="3" py="2">
          <Text fontSize="xs" color="gray.500" fontFamily="mono" mb="1">
            {type}
            {body.required ? ' · required' : ''}
          </Text>
          <SchemaTree doc={doc} schema={media.schema} />
        </Box>
      ))}
    </Box>
  );
}

const statusPalette = (status: string) =>
  status.startsWith('2') ? 'green' : status.startsWith('4') ? 'orange' : status.startsWith('5') ? 'red' : 'gray';

function ResponseRow({ doc, status, response }: { doc: OpenApiDocument; status: string; response: ResponseObject }) {
  const success = status.startsWith('2');
  const [open, setOpen] = useState(success);
  const media = Object.entries(response.content ?? {});
  const headers = Object.entries(response.headers ?? {})
    .map(([name, h]) => [name, deref<Header>(doc, h)] as const)
    .filter(([, h]) => h);
  const expandable = media.some(([, m]) => m.schema && Object.keys(m.schema).length > 0) || headers.length > 0;

  return (
    <Box as="li" borderTopWidth="1px" borderColor="gray.100" _first={{ borderTopWidth: 0 }} py="2">
      <HStack gap="2" align="center">
        <Badge
          colorPalette={statusPalette(status)}
          variant="subtle"
          fontFamily="mono"
          minW="10"
          justifyContent="center"
        >
          {status}
        </Badge>
        <Text fontSize="sm" color="gray.700" flex="1">
          {response.description ? <InlineText text={response.description} /> : null}
        </Text>
        {expandable && (
          <Button
            size="2xs"
            variant="ghost"
            color="gray.600"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-label={`${open ? 'Hide' : 'Show'} the ${status} response`}
          >
            <Chevron open={open} />
            Schema
          </Button>
        )}
      </HStack>
      {open && expandable && (
        <Stack gap="2" mt="2" ps="3" borderLeftWidth="2px" borderColor="gray.100">
          {headers.length > 0 && (
            <Box>
              <Text fontSize="xs" color="gray.500" mb="1">
                Headers
              </Text>
              {headers.map(([name, header]) => (
                <Text key={name} fontSize="sm" color="gray.600">
                  <Code size="sm">{name}</Code> {header?.description}
                </Text>
              ))}
            </Box>
          )}
          {media.map(([type, m]) => (
            <Box key={type}>
              <Text fontSize="xs" color="gray.500" fontFamily="mono" mb="1">
                {type}
              </Text>
              <SchemaTree doc={doc} schema={m.schema} />
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/**
 * True once the element has come within a screen or two of the viewport, and from then on. The
 * reference lists every operation (over a hundred); building each one's parameters, schemas and
 * examples only as the reader scrolls towards it keeps the page quick on a phone. The card's
 * header (method, path, auth) and its anchor are always there, so links and the sidebar work.
 */
function useNearViewport(id: string) {
  const ref = useRef<HTMLElement | null>(null);
  const [near, setNear] = useState(() => typeof window !== 'undefined' && window.location.hash === `#${id}`);
  // A layout effect: what is already in view is built before the first paint, without a flash.
  useLayoutEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '1200px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

/** One operation, Stripe-style: reference on the left, request and response examples on the right. */
export function EndpointCard({
  doc,
  endpoint,
  baseUrl,
}: {
  doc: OpenApiDocument;
  endpoint: Endpoint;
  baseUrl: string;
}) {
  const { operation } = endpoint;
  const auth = authOf(doc, operation);
  const responses = responsesOf(doc, operation);
  const sample = responseExample(doc, endpoint);
  const { ref, near } = useNearViewport(endpoint.id);

  return (
    <Box
      as="article"
      ref={ref}
      id={endpoint.id}
      aria-label={`${endpoint.method.toUpperCase()} ${endpoint.path}`}
      {...panelStyle}
      scrollMarginTop="20"
      overflow="hidden"
    >
      <HStack px={{ base: '4', md: '5' }} py="3" gap="3" {...panelHeaderStyle} flexWrap="wrap">
        <MethodBadge method={endpoint.method} />
        <Box flex="1" minW="0">
          <PathText path={endpoint.path} />
        </Box>
        <HStack gap="1.5" flexWrap="wrap">
          {auth.map((a) => (
            <AuthBadge key={a.label} auth={a} />
          ))}
        </HStack>
      </HStack>
      {!near && (
        <Box minH="72" p={{ base: '4', md: '5' }}>
          <Heading as="h3" size="md" color="gray.900">
            {operation.summary ?? `${endpoint.method.toUpperCase()} ${endpoint.path}`}
          </Heading>
        </Box>
      )}
      {near && (
        <Grid
          templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) minmax(0, 0.9fr)' }}
          gap="6"
          p={{ base: '4', md: '5' }}
        >
          <Stack gap="5" minW="0">
            <Box>
              <Heading as="h3" size="md" color="gray.900">
                {operation.summary ?? `${endpoint.method.toUpperCase()} ${endpoint.path}`}
              </Heading>
              {operation.deprecated && (
                <Badge colorPalette="gray" mt="1">
                  Deprecated
                </Badge>
              )}
              {operation.description && (
                <Box mt="2" fontSize="sm">
                  <Markdown source={operation.description} gap="2" />
                </Box>
              )}
            </Box>
            <Parameters doc={doc} operation={operation} />
            <RequestBody doc={doc} operation={operation} />
            {responses.length > 0 && (
              <Box>
                <SubHeading>Responses</SubHeading>
                <Box as="ul" listStyleType="none">
                  {responses.map(({ status, response }) => (
                    <ResponseRow key={status} doc={doc} status={status} response={response} />
                  ))}
                </Box>
              </Box>
            )}
          </Stack>
          <Stack gap="3" minW="0">
            <CodeBlock title="Request" code={curlExample(doc, endpoint, baseUrl)} />
            {sample && <CodeBlock title={`Response ${sample.status}`} code={sample.json} />}
          </Stack>
        </Grid>
      )}
    </Box>
  );
}
