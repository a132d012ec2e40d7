import { Box, List, Text } from '@chakra-ui/react';
import { ACCESS_MODE_LABELS, type AccessMode } from '@shared/rules/permissions';
import type { PermissionsDeclaration } from '@shared/schemas/permissions';
import { usePermissions } from '../api/get-permissions';

export const CONSENT_TEXTS = {
  title: 'This app asks for',
  receives: 'Receives',
  baa: 'Signs a BAA',
  accept: 'By proceeding to payment you grant this access. You can revoke it any time on My Purchases.',
} as const;

type Declaration = PermissionsDeclaration;

/** "Reads: Scheduling (8 tables), Patients (3 tables)", one line per access mode. */
function featureLines(features: Declaration['features']): { label: string; text: string }[] {
  const modes: AccessMode[] = ['read', 'write', 'read_write'];
  return modes.flatMap((mode) => {
    const of = features.filter((f) => f.access === mode);
    if (of.length === 0) return [];
    const text = of
      .map((f) =>
        f.tables.length ? `${f.name} (${f.tables.length} ${f.tables.length === 1 ? 'table' : 'tables'})` : f.name,
      )
      .join(', ');
    return [{ label: ACCESS_MODE_LABELS[mode], text }];
  });
}

/** An event type in plain words: its catalogue description, else its id. */
const eventWords = (e: Declaration['event_types'][number]) => e.description.trim() || e.id;

/**
 * The consent part of the checkout modal: what the app asks for, from its reviewed declaration (the
 * app page's public view, same cache key), in plain words. Nothing while loading, on an error, or
 * for an app with no declaration — the checkout never waits for it.
 */
export function ConsentSummary({ appId }: { appId: string }) {
  const { data } = usePermissions(appId, 'public');
  const decl = data?.declaration;
  if (!decl) return null;
  const lines = [
    ...(decl.event_types.length > 0
      ? [{ label: CONSENT_TEXTS.receives, text: decl.event_types.map(eventWords).join(', ') }]
      : []),
    ...featureLines(decl.features),
    { label: CONSENT_TEXTS.baa, text: decl.baa_signed ? 'yes' : 'no' },
  ];
  return (
    <Box as="section" aria-label={CONSENT_TEXTS.title} borderWidth="1px" borderRadius="xl" p="4" data-testid="consent">
      <Text fontWeight="semibold" mb="2">
        {CONSENT_TEXTS.title}
      </Text>
      <List.Root variant="plain" gap="1" textStyle="sm">
        {lines.map((l) => (
          <List.Item key={l.label} display="block">
            <Text as="span" fontWeight="medium">
              {l.label}:
            </Text>{' '}
            {l.text}
          </List.Item>
        ))}
      </List.Root>
      <Text textStyle="xs" color="fg.muted" mt="2">
        {CONSENT_TEXTS.accept}
      </Text>
    </Box>
  );
}
