import { Badge, Box, Button, Heading, HStack, Link, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ACCESS_MODE_LABELS } from '@shared/rules/permissions';
import type { PermissionsDeclaration } from '@shared/schemas/permissions';
import { useId, useState } from 'react';
import { LuChevronDown, LuChevronRight, LuExternalLink } from 'react-icons/lu';
import { type PermissionScope, usePermissions } from '../api/get-permissions';

export const PERMISSIONS_TEXTS = {
  title: 'Permissions',
  notSynced: 'The practice system catalogue has not been synced yet, so this app’s permissions are not known.',
  nothingDeclared: 'The developer has not declared which practice data this app reads or writes.',
  loadFailed: 'Permissions could not be loaded.',
  noFeatures: 'This app declares no access to practice data.',
  baaYes: 'The developer signs a Business Associate Agreement (BAA).',
  baaNo: 'The developer does not sign a Business Associate Agreement (BAA).',
} as const;

type Feature = PermissionsDeclaration['features'][number];

function FeatureItem({ feature }: { feature: Feature }) {
  const [open, setOpen] = useState(false);
  const tablesId = useId();
  const count = feature.tables.length;
  return (
    <List.Item display="block" borderWidth="1px" borderRadius="md" p="3">
      <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
        <Box>
          <Text fontWeight="semibold">{feature.name}</Text>
          {feature.description && (
            <Text textStyle="sm" color="fg.muted">
              {feature.description}
            </Text>
          )}
        </Box>
        <Badge colorPalette={feature.access === 'read' ? 'blue' : 'orange'}>{ACCESS_MODE_LABELS[feature.access]}</Badge>
      </HStack>
      {count > 0 && (
        <Button
          variant="ghost"
          size="xs"
          mt="2"
          ms="-2"
          aria-expanded={open}
          aria-label={`${open ? 'Hide' : 'Show'} ${count} ${count === 1 ? 'table' : 'tables'} of ${feature.name}`}
          aria-controls={tablesId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <LuChevronDown aria-hidden /> : <LuChevronRight aria-hidden />}
          {open ? 'Hide' : 'Show'} {count} {count === 1 ? 'table' : 'tables'}
        </Button>
      )}
      <Box id={tablesId} hidden={!open}>
        {open && (
          <List.Root variant="plain" gap="1" mt="2" ps="2" textStyle="sm">
            {feature.tables.map((t) => (
              <List.Item key={t.name}>
                <Text as="span" fontFamily="mono">
                  {t.name}
                </Text>
                <Text as="span" color="fg.muted">
                  {' '}
                  — {t.column_count} {t.column_count === 1 ? 'column' : 'columns'}
                </Text>
              </List.Item>
            ))}
          </List.Root>
        )}
      </Box>
    </List.Item>
  );
}

/** What a practice needs to judge minimum necessary: the data an app reads or writes, its events, the BAA. */
export function PermissionsSection({
  appId,
  scope = 'public',
  headingLevel = 'h2',
}: {
  appId: string;
  scope?: PermissionScope;
  headingLevel?: 'h2' | 'h3';
}) {
  const { data, error, isLoading } = usePermissions(appId, scope);
  const decl = data?.declaration ?? null;
  let body: React.ReactNode;
  if (isLoading) body = <Skeleton height="16" />;
  else if (error || !data) body = <Text color="fg.muted">{PERMISSIONS_TEXTS.loadFailed}</Text>;
  else if (!decl && !data.catalogue_synced) body = <Text color="fg.muted">{PERMISSIONS_TEXTS.notSynced}</Text>;
  else if (!decl) body = <Text color="fg.muted">{PERMISSIONS_TEXTS.nothingDeclared}</Text>;
  else
    body = (
      <Stack gap="4">
        {decl.features.length > 0 ? (
          <List.Root variant="plain" gap="2" aria-label="Features">
            {decl.features.map((f) => (
              <FeatureItem key={f.id} feature={f} />
            ))}
          </List.Root>
        ) : (
          <Text>{PERMISSIONS_TEXTS.noFeatures}</Text>
        )}
        {decl.event_types.length > 0 && (
          <Box>
            <Text fontWeight="semibold" mb="1">
              Event types it subscribes to
            </Text>
            <List.Root variant="plain" gap="1" aria-label="Event types" textStyle="sm">
              {decl.event_types.map((e) => (
                <List.Item key={e.id}>
                  <Text as="span" fontFamily="mono">
                    {e.id}
                  </Text>
                  {e.description && <Text as="span" color="fg.muted">{` — ${e.description}`}</Text>}
                </List.Item>
              ))}
            </List.Root>
          </Box>
        )}
        <Box data-testid="baa">
          <Text>{decl.baa_signed ? PERMISSIONS_TEXTS.baaYes : PERMISSIONS_TEXTS.baaNo}</Text>
          {decl.baa_url && (
            <Link href={decl.baa_url} target="_blank" rel="noopener noreferrer" colorPalette="brand">
              Read the Business Associate Agreement <LuExternalLink aria-hidden />
            </Link>
          )}
        </Box>
      </Stack>
    );
  return (
    <Box as="section" aria-label={PERMISSIONS_TEXTS.title}>
      <Heading as={headingLevel} size={headingLevel === 'h2' ? 'lg' : 'md'} mb="4">
        {PERMISSIONS_TEXTS.title}
      </Heading>
      {body}
    </Box>
  );
}
