import { CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';

type DialogSize = ComponentProps<typeof Dialog.Root>['size'];

export interface AppDialogProps {
  /** Defaults to open: most dialogs are mounted only while shown. */
  open?: boolean;
  title: ReactNode;
  /** A muted line under the title (the app a tool works on). */
  subtitle?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  size?: DialogSize;
  /** 'alertdialog' for questions that need an answer. */
  role?: 'dialog' | 'alertdialog';
  /** While busy, neither Escape, the backdrop nor the close button closes the dialog. */
  busy?: boolean;
  /** false keeps the dialog open on a click outside (a secret shown once). */
  closeOnInteractOutside?: boolean;
  /** false drops the corner close button (the footer's button is the only way out). */
  closable?: boolean;
  scrollBehavior?: 'inside' | 'outside';
  /** Styles of the frame's parts, for a dialog that looks its own way (the checkout). */
  contentProps?: Dialog.ContentProps;
  titleProps?: Dialog.TitleProps;
  footerProps?: Dialog.FooterProps;
}

/** The one dialog frame of the SPA: title, optional subtitle, body, footer and corner close button. */
export function AppDialog({
  open = true,
  title,
  subtitle,
  onClose,
  children,
  footer,
  size = 'lg',
  role,
  busy = false,
  closeOnInteractOutside = true,
  closable = true,
  scrollBehavior,
  contentProps,
  titleProps,
  footerProps,
}: AppDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && !busy && onClose()}
      role={role}
      placement="center"
      size={size}
      scrollBehavior={scrollBehavior}
      closeOnInteractOutside={closeOnInteractOutside && !busy}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...contentProps}>
            <Dialog.Header
              {...(subtitle ? { flexDirection: 'column' as const, alignItems: 'flex-start', gap: '0.5' } : {})}
            >
              <Dialog.Title {...titleProps}>{title}</Dialog.Title>
              {subtitle && (
                <Text fontSize="sm" color="fg.muted">
                  {subtitle}
                </Text>
              )}
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer && <Dialog.Footer {...footerProps}>{footer}</Dialog.Footer>}
            {closable && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" disabled={busy} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
