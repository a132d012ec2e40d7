import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuClock } from 'react-icons/lu';
import { AppDialog } from '../../../components/ui/app-dialog';
import { EmptyState } from '../../../components/ui/empty-state';

/** The frame of the per-app tools (analytics, webhooks, test event, webhook logs): the app's name under the title. */
export function ToolDialog({
  title,
  appName,
  onClose,
  children,
  footer,
  size = 'lg',
}: {
  title: string;
  appName: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'md' | 'lg' | 'xl';
}) {
  return (
    <AppDialog
      title={title}
      subtitle={appName}
      onClose={onClose}
      footer={footer}
      size={{ base: 'full', md: size }}
      scrollBehavior="inside"
    >
      <Box pb="2">{children}</Box>
    </AppDialog>
  );
}

/** What a tool shows while its API answers 501 (a later release builds it). */
export function NotAvailableYet({ what }: { what: string }) {
  return (
    <EmptyState
      icon={<LuClock />}
      title="Not available yet"
      description={`${what} will be available in an upcoming release of the developer portal.`}
    />
  );
}
