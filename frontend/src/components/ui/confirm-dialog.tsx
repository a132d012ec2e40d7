import { Button, Text } from '@chakra-ui/react';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { AppDialog } from './app-dialog';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, e.g. MSG.confirmDeleteKey. */
  message: ReactNode;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  destructive?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal yes/no question (replaces window.confirm). */
export function ConfirmDialog({
  open,
  message,
  title = 'Please confirm',
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <AppDialog
      open={open}
      onClose={onCancel}
      role="alertdialog"
      size={{ base: 'xs', sm: 'sm' }}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button colorPalette={destructive ? 'red' : 'brand'} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text color="gray.700">{message}</Text>
    </AppDialog>
  );
}

type ConfirmOptions = Omit<ConfirmDialogProps, 'open' | 'onConfirm' | 'onCancel' | 'loading'>;

/**
 * Promise-style confirmation: `if (await confirm({ message: MSG.confirmDeleteKey, destructive: true }))`.
 * Render the returned `dialog` element once in the component.
 */
export function useConfirm() {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback((opts: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(opts);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const settle = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOptions(null);
  };

  const dialog = (
    <ConfirmDialog
      {...(options ?? { message: '' })}
      open={options !== null}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  );
  return { confirm, dialog };
}
