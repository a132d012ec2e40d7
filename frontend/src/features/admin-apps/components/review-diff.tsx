import { Box, Table, Text } from '@chakra-ui/react';
import type { AdminAppRow } from '../types';

type Change = NonNullable<AdminAppRow['review_flag']>['changes'][number];

/** A diff value as text: lists one item a line, objects (a permissions declaration) field by field. */
function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '(empty)';
  if (Array.isArray(v)) return v.length ? v.map((x) => valueText(x)).join('\n') : '(empty)';
  if (typeof v === 'object')
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${k}: ${Array.isArray(x) ? x.join(', ') || '(none)' : valueText(x)}`)
      .join('\n');
  return String(v);
}

/**
 * The before/after diff of an approved app's changes waiting for review: the reviewed value (what
 * the public page still shows) beside the new one, per field. Native details/summary: it opens
 * with the keyboard and reads as a disclosure.
 */
export function ReviewDiff({ app }: { app: AdminAppRow }) {
  const changes: Change[] = app.review_flag?.changes ?? [];
  if (changes.length === 0) return null;
  return (
    <Box as="details" mt="1" fontSize="xs" data-testid="review-diff">
      <Box as="summary" cursor="pointer" color="brand.700">
        Show changes
      </Box>
      <Table.Root size="sm" mt="1" aria-label={`Changes of ${app.name} waiting for review`}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Field</Table.ColumnHeader>
            <Table.ColumnHeader>Reviewed (public)</Table.ColumnHeader>
            <Table.ColumnHeader>New</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {changes.map((c) => (
            <Table.Row key={c.field} data-testid={`review-change-${c.field}`}>
              <Table.Cell fontWeight="medium">{c.field}</Table.Cell>
              <Table.Cell>
                <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                  {valueText(c.before)}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
                  {valueText(c.after)}
                </Text>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
