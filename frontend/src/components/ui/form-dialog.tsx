import { Button, type ButtonProps, Stack } from '@chakra-ui/react';
import { type FormEvent, type ReactNode, useId } from 'react';
import { AppDialog, type AppDialogProps } from './app-dialog';
import { TitleAlert } from './load-error';

export interface FormDialogProps extends Omit<AppDialogProps, 'footer' | 'busy' | 'children'> {
  children?: ReactNode;
  /** Called on submit (the default browser submit is prevented). */
  onSubmit: () => void | Promise<void>;
  submitLabel: ReactNode;
  cancelLabel?: string;
  /** The request is under way: the submit button spins, Cancel and closing are disabled. */
  pending?: boolean;
  /** The server's `detail` (or a fallback) from the last failed submit, shown above the buttons. */
  error?: string | null;
  /** Colour, loadingText, disabled… of the submit button. */
  submitProps?: Omit<ButtonProps, 'type' | 'form' | 'loading' | 'children'>;
  /** Buttons between Cancel and submit. */
  extraActions?: ReactNode;
  /** Checked by the browser (false leaves validation to the form's own rules). */
  noValidate?: boolean;
}

/**
 * A dialog around one form: the body is the form, the footer Cancel and the submit button; while
 * the request runs nothing closes the dialog; a refusal shows the server's words in an alert.
 */
export function FormDialog({
  children,
  onSubmit,
  submitLabel,
  cancelLabel = 'Cancel',
  pending = false,
  error,
  submitProps,
  extraActions,
  noValidate = true,
  onClose,
  ...dialog
}: FormDialogProps) {
  const formId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void onSubmit();
  };
  return (
    <AppDialog
      {...dialog}
      onClose={onClose}
      busy={pending}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          {extraActions}
          <Button type="submit" form={formId} colorPalette="brand" loading={pending} {...submitProps}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate={noValidate}>
        <Stack gap="4">
          {children}
          {error && <TitleAlert status="error">{error}</TitleAlert>}
        </Stack>
      </form>
    </AppDialog>
  );
}
