import { Badge, Box, Button, Card, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import { memo, type ReactNode } from 'react';
import {
  LuChartColumn,
  LuExternalLink,
  LuFlaskConical,
  LuKeyRound,
  LuPencil,
  LuScrollText,
  LuTrash2,
  LuWebhook,
} from 'react-icons/lu';
import { AppIcon } from '@/components/ui/app-icon';
import { AppTypeBadge } from '@/components/ui/app-type-badge';
import { ButtonLink } from '@/components/ui/links';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { formatDate } from '@/utils/format';
import { useWithdrawChanges } from '../api/withdraw-changes';
import type { OwnApp } from '../types';
import { appStatus } from '../utils/app-status';

export type AppTool = 'analytics' | 'webhooks' | 'test-event' | 'webhook-logs' | 'pending-licences';

/** Public apps are edited in the wizard; the others in the quick form (docs/spec.md section 2). */
export const editHref = (app: Pick<OwnApp, 'id' | 'type'>) =>
  app.type === 'public' ? paths.editApp(app.id) : `${paths.editApp(app.id)}&simple=true`;

const TOOLS: { tool: AppTool; label: string; icon: ReactNode }[] = [
  { tool: 'analytics', label: 'Analytics', icon: <LuChartColumn /> },
  { tool: 'webhooks', label: 'Webhooks', icon: <LuWebhook /> },
  { tool: 'test-event', label: 'Test Event', icon: <LuFlaskConical /> },
  { tool: 'webhook-logs', label: 'Webhook Logs', icon: <LuScrollText /> },
];

/** One app the developer created: its state, edit/view/delete, and the public app's tools. */
export const CreatedAppCard = memo(function CreatedAppCard({
  app,
  onDelete,
  onTool,
  deleting,
  pendingLicences = 0,
}: {
  app: OwnApp;
  onDelete: (app: OwnApp) => void;
  onTool: (app: OwnApp, tool: AppTool) => void;
  deleting: boolean;
  /** Buyers waiting for manual access details. */
  pendingLicences?: number;
}) {
  const status = appStatus(app);
  const summary = app.short_description || app.tagline || app.description;
  const isPublic = app.type === 'public';
  const listed = isPublic && app.is_approved;

  return (
    <Card.Root variant="outline" borderRadius="xl" data-testid={`app-row-${app.id}`} as="article">
      <Card.Body p={{ base: '4', md: '5' }} gap="4">
        <Flex gap="4" direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }}>
          <HStack gap="4" flex="1" minW="0" align="flex-start">
            <AppIcon name={app.name} src={app.icon_url} size={52} />
            <Box minW="0" flex="1">
              <HStack gap="2" flexWrap="wrap">
                <Heading as="h3" size="md" lineClamp={1}>
                  {app.name}
                </Heading>
                <AppTypeBadge type={app.type} />
                <Badge colorPalette={status.palette} variant="solid" borderRadius="full" px="2.5">
                  {status.label}
                </Badge>
              </HStack>
              {summary && (
                <Text color="fg.muted" fontSize="sm" lineClamp={2} mt="1">
                  {summary}
                </Text>
              )}
              <Text color="fg.subtle" fontSize="xs" mt="1">
                {[app.category, app.created_at && `Created ${formatDate(app.created_at)}`].filter(Boolean).join(' · ')}
              </Text>
            </Box>
          </HStack>
          <HStack gap="2" flexWrap="wrap" flexShrink={0}>
            <ButtonLink to={editHref(app)} size="sm" variant="outline">
              <LuPencil /> Edit
            </ButtonLink>
            {listed && (
              <ButtonLink to={paths.app(app.slug || app.id)} size="sm" variant="outline">
                <LuExternalLink /> View on marketplace
              </ButtonLink>
            )}
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => onDelete(app)} loading={deleting}>
              <LuTrash2 /> Delete
            </Button>
          </HStack>
        </Flex>
        {status.label === 'Suspended' && (
          <Text fontSize="sm" color="red.700" role="status">
            {app.suspension_reason
              ? `Suspended by an administrator: ${app.suspension_reason}`
              : 'Suspended by an administrator. It is not listed on the marketplace until approved again.'}
          </Text>
        )}
        {(app.review_pending?.length ?? 0) > 0 && <ChangesInReview app={app} />}
        {isPublic && (
          <HStack
            gap="2"
            flexWrap="wrap"
            borderTopWidth="1px"
            borderColor="border.muted"
            pt="3"
            role="group"
            aria-label={`Tools for ${app.name}`}
          >
            {status.label === 'Pending Review' && (
              <Text fontSize="xs" color="fg.muted" me="auto">
                In review: approval takes 3 to 5 business days. Edits apply immediately.
              </Text>
            )}
            {TOOLS.map(({ tool, label, icon }) => (
              <Button key={tool} size="xs" variant="subtle" onClick={() => onTool(app, tool)}>
                {icon} {label}
              </Button>
            ))}
            {pendingLicences > 0 && (
              <Button size="xs" variant="solid" colorPalette="orange" onClick={() => onTool(app, 'pending-licences')}>
                <LuKeyRound /> Pending Licenses ({pendingLicences})
              </Button>
            )}
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
});

/**
 * An approved app's changes waiting for the admin's review: what waits, that the marketplace shows
 * the reviewed listing until then, and Withdraw changes (the reviewed values come back).
 */
function ChangesInReview({ app }: { app: OwnApp }) {
  const withdraw = useWithdrawChanges();
  async function onWithdraw() {
    try {
      await withdraw.trigger(app.id);
      notifySuccess('Changes withdrawn: the app has its reviewed listing again');
    } catch (err) {
      notifyError(errorText(err, 'Failed to withdraw the changes'));
    }
  }
  return (
    <HStack gap="2" flexWrap="wrap" data-testid="changes-in-review">
      <Text fontSize="sm" color="orange.800" role="status" me="auto">
        Changes waiting for review ({app.review_pending.join(', ')}): the marketplace shows the reviewed listing until
        an administrator has reviewed them.
      </Text>
      <Button size="xs" variant="outline" onClick={onWithdraw} loading={withdraw.isMutating}>
        Withdraw changes
      </Button>
    </HStack>
  );
}
