import { Box, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuClock } from 'react-icons/lu';
import { EmptyState } from '../../../components/ui/empty-state';

/** The frame of the per-app tools (analytics, webhooks, test event, webhook logs). */
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
    <Dialog.Root
      open
      onOpenChange={(e) => !e.open && onClose()}
      placement="center"
      size={{ base: 'full', md: size }}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="0.5">
              <Dialog.Title>{title}</Dialog.Title>
              <Text fontSize="sm" color="fg.muted">
                {appName}
              </Text>
            </Dialog.Header>
            <Dialog.Body>
              <Box pb="2">{children}</Box>
            </Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
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
