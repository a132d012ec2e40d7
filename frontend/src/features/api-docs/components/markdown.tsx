import { Box, Code, Heading, HStack, Link, List, Separator, Stack, Table, Text } from '@chakra-ui/react';
import { Fragment, useMemo } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { type Block, type Inline, parseInline, parseMarkdown } from '../utils/markdown';

/** Inline Markdown (code, bold, italics, links) as React elements. */
export function InlineText({ text }: { text: string }) {
  const parts = useMemo(() => parseInline(text), [text]);
  return <InlineParts parts={parts} />;
}

function InlineParts({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((part, i) => {
        const key = `${part.kind}-${i}`;
        switch (part.kind) {
          case 'text':
            return <Fragment key={key}>{part.text}</Fragment>;
          case 'code':
            return (
              <Code key={key} size="sm" variant="subtle" colorPalette="gray" fontSize="0.85em">
                {part.text}
              </Code>
            );
          case 'strong':
            return (
              <Text as="strong" key={key} fontWeight="semibold" color="gray.900">
                <InlineParts parts={part.children} />
              </Text>
            );
          case 'em':
            return (
              <Text as="em" key={key}>
                <InlineParts parts={part.children} />
              </Text>
            );
          case 'link': {
            const external = /^https?:/i.test(part.href);
            return (
              <Link
                key={key}
                href={part.href}
                color="brand.fg"
                textDecoration="underline"
                {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                <InlineParts parts={part.children} />
              </Link>
            );
          }
          default:
            return null;
        }
      })}
    </>
  );
}

/** A dark code panel with a copy button (fenced code in the guide, request and response examples). */
export function CodeBlock({ code, lang, title }: { code: string; lang?: string; title?: string }) {
  return (
    <Box bg="gray.900" color="gray.100" rounded="lg" overflow="hidden" borderWidth="1px" borderColor="gray.800">
      <HStack justify="space-between" px="3" py="1.5" bg="gray.800" minH="8">
        <Text
          fontSize="xs"
          color="gray.400"
          fontFamily={title ? undefined : 'mono'}
          fontWeight={title ? 'medium' : undefined}
        >
          {title ?? lang ?? ''}
        </Text>
        <CopyButton
          value={code}
          label={`Copy ${title ?? 'code'}`}
          withText
          timeout={1500}
          size="2xs"
          variant="ghost"
          color="gray.300"
          _hover={{ bg: 'whiteAlpha.200', color: 'white' }}
        />
      </HStack>
      <Box as="pre" m="0" p="3.5" overflowX="auto" fontFamily="mono" fontSize="xs" lineHeight="tall" tabIndex={0}>
        <code>{code}</code>
      </Box>
    </Box>
  );
}

const HEADING_SIZES: Record<number, 'xl' | 'lg' | 'md' | 'sm'> = {
  1: 'xl',
  2: 'xl',
  3: 'md',
  4: 'sm',
  5: 'sm',
  6: 'sm',
};

function MarkdownBlock({ block, idPrefix }: { block: Block; idPrefix?: string }) {
  switch (block.kind) {
    case 'heading': {
      const level = Math.min(6, Math.max(2, block.level)) as 2 | 3 | 4 | 5 | 6;
      return (
        <Heading
          as={`h${level}`}
          id={idPrefix ? `${idPrefix}-${block.id}` : undefined}
          size={HEADING_SIZES[level]}
          color="gray.900"
          mt={level <= 2 ? '6' : '3'}
          scrollMarginTop="20"
          letterSpacing="tight"
        >
          <InlineText text={block.text} />
        </Heading>
      );
    }
    case 'paragraph':
      return (
        <Text color="gray.700" lineHeight="tall">
          <InlineText text={block.text} />
        </Text>
      );
    case 'code':
      return <CodeBlock code={block.code} lang={block.lang || undefined} />;
    case 'list':
      return (
        <List.Root as={block.ordered ? 'ol' : 'ul'} ps="5" gap="1.5" color="gray.700">
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items of a static text
            <List.Item key={i}>
              <InlineText text={item} />
            </List.Item>
          ))}
        </List.Root>
      );
    case 'table':
      return (
        <Table.ScrollArea borderWidth="1px" borderColor="gray.200" rounded="lg" tabIndex={0}>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row bg="gray.50">
                {block.header.map((cell, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells of a static text
                  <Table.ColumnHeader key={i}>
                    <InlineText text={cell} />
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {block.rows.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of a static text
                <Table.Row key={r}>
                  {row.map((cell, c) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells of a static text
                    <Table.Cell key={c}>
                      <InlineText text={cell} />
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      );
    case 'rule':
      return <Separator />;
    default:
      return null;
  }
}

/**
 * Renders Markdown text (see utils/markdown.ts for what is supported). `idPrefix` gives headings
 * anchor ids ('guide' -> 'guide-getting-started').
 */
export function Markdown({ source, idPrefix, gap = '4' }: { source: string; idPrefix?: string; gap?: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <Stack gap={gap}>
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a static text
        <MarkdownBlock key={i} block={block} idPrefix={idPrefix} />
      ))}
    </Stack>
  );
}
