import { Badge, Box, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { JsonSchema, OpenApiDocument } from '../utils/openapi';
import { childrenOf, constraintsOf, enumOf, refsOf, resolveSchema, typeLabel } from '../utils/schema';
import { Chevron } from './chevron';
import { InlineText } from './markdown';

const MAX_DEPTH = 8;

function Facts({ doc, schema }: { doc: OpenApiDocument; schema: JsonSchema }) {
  const { schema: resolved } = resolveSchema(doc, schema);
  const values = enumOf(doc, schema);
  const constraints = constraintsOf(doc, schema);
  return (
    <>
      {resolved.description && (
        <Text fontSize="sm" color="gray.600" mt="0.5">
          <InlineText text={resolved.description} />
        </Text>
      )}
      {values.length > 0 && (
        <HStack gap="1" mt="1" flexWrap="wrap">
          <Text fontSize="xs" color="gray.500">
            One of:
          </Text>
          {values.map((value) => (
            <Code key={String(value)} size="sm" variant="outline">
              {typeof value === 'string' ? value : JSON.stringify(value)}
            </Code>
          ))}
        </HStack>
      )}
      {constraints.length > 0 && (
        <Text fontSize="xs" color="gray.500" mt="1">
          {constraints.join(' · ')}
        </Text>
      )}
    </>
  );
}

function PropertyRow({
  doc,
  name,
  schema,
  required,
  depth,
  seen,
}: {
  doc: OpenApiDocument;
  name: string;
  schema: JsonSchema;
  required: boolean;
  depth: number;
  seen: string[];
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const refs = refsOf(schema);
  const recursive = refs.some((r) => seen.includes(r));
  const children = recursive || depth >= MAX_DEPTH ? [] : childrenOf(doc, schema);
  const { schema: resolved } = resolveSchema(doc, schema);

  return (
    <Box as="li" py="3" borderTopWidth="1px" borderColor="gray.100" _first={{ borderTopWidth: 0 }}>
      <HStack gap="2" flexWrap="wrap" align="baseline">
        <Text as="span" fontFamily="mono" fontSize="sm" fontWeight="semibold" color="gray.900">
          {name}
        </Text>
        <Text as="span" fontFamily="mono" fontSize="xs" color="gray.500">
          {typeLabel(doc, schema)}
        </Text>
        {required && (
          <Text as="span" fontSize="xs" color="orange.700" fontWeight="medium">
            required
          </Text>
        )}
        {resolved.deprecated && (
          <Badge size="xs" colorPalette="gray">
            deprecated
          </Badge>
        )}
        {recursive && (
          <Text as="span" fontSize="xs" color="gray.400">
            (recursive)
          </Text>
        )}
      </HStack>
      <Facts doc={doc} schema={schema} />
      {children.length > 0 && (
        <Box mt="2">
          <Button
            size="2xs"
            variant="outline"
            rounded="full"
            color="gray.600"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={panelId}
          >
            <Chevron open={open} />
            {open ? 'Hide' : 'Show'} child attributes
          </Button>
          {open && (
            <Box id={panelId} mt="2" ms="1" ps="3" borderLeftWidth="2px" borderColor="gray.200">
              <PropertyList doc={doc} properties={children} depth={depth + 1} seen={[...seen, ...refs]} />
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}

function PropertyList({
  doc,
  properties,
  depth,
  seen,
}: {
  doc: OpenApiDocument;
  properties: ReturnType<typeof childrenOf>;
  depth: number;
  seen: string[];
}) {
  return (
    <Box as="ul" listStyleType="none">
      {properties.map((p) => (
        <PropertyRow
          key={p.name}
          doc={doc}
          name={p.name}
          schema={p.schema}
          required={p.required}
          depth={depth}
          seen={seen}
        />
      ))}
    </Box>
  );
}

/**
 * A JSON schema as a readable property tree: each property with its type, 'required', its
 * description, allowed values and limits; nested objects expand on demand.
 */
export function SchemaTree({ doc, schema }: { doc: OpenApiDocument; schema: JsonSchema | undefined }) {
  if (!schema) return null;
  const children = childrenOf(doc, schema);
  const label = typeLabel(doc, schema);
  if (children.length === 0) {
    return (
      <Stack gap="0">
        <Text fontFamily="mono" fontSize="sm" color="gray.700">
          {label === 'any' ? 'Any JSON value' : label}
        </Text>
        <Facts doc={doc} schema={schema} />
      </Stack>
    );
  }
  return (
    <Stack gap="1">
      <Text fontFamily="mono" fontSize="xs" color="gray.500">
        {label}
      </Text>
      <PropertyList doc={doc} properties={children} depth={0} seen={refsOf(schema)} />
    </Stack>
  );
}
