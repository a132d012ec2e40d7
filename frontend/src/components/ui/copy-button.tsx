import {
  Button,
  type ButtonProps,
  Clipboard,
  Code,
  type CodeProps,
  HStack,
  IconButton,
  type StackProps,
} from '@chakra-ui/react';
import { LuCheck, LuCopy } from 'react-icons/lu';

export interface CopyButtonProps extends Omit<ButtonProps, 'children' | 'onClick' | 'aria-label'> {
  /** What is copied. */
  value: string;
  /** The button's accessible name before copying, e.g. 'Copy key'. */
  label: string;
  /** Its name (and text) once copied. */
  copiedLabel?: string;
  /** Also show 'Copy' / 'Copied' beside the icon; without it the button is an icon button. */
  withText?: boolean;
  /** Called once the value is copied, e.g. to say so in a toast. */
  onCopied?: () => void;
  /** How long the button stays 'Copied' (ms). */
  timeout?: number;
  /** The button's colour palette while 'Copied'. */
  copiedPalette?: ButtonProps['colorPalette'];
}

/**
 * The SPA's one copy button, on Chakra's Clipboard: it copies `value` (falling back to the
 * selection-based copy where the Clipboard API is missing) and shows a check while 'Copied'.
 */
export function CopyButton({
  value,
  label,
  copiedLabel = 'Copied',
  withText = false,
  onCopied,
  timeout = 3000,
  copiedPalette,
  ...props
}: CopyButtonProps) {
  return (
    <Clipboard.Root
      value={value}
      timeout={timeout}
      onStatusChange={(details) => details.copied && onCopied?.()}
      display="contents"
    >
      <Clipboard.Context>
        {({ copied }) => {
          const buttonProps = copied && copiedPalette ? { ...props, colorPalette: copiedPalette } : props;
          return (
            <Clipboard.Trigger asChild aria-label={copied ? copiedLabel : label}>
              {withText ? (
                <Button {...buttonProps}>
                  {copied ? <LuCheck /> : <LuCopy />} {copied ? copiedLabel : 'Copy'}
                </Button>
              ) : (
                <IconButton {...buttonProps}>{copied ? <LuCheck /> : <LuCopy />}</IconButton>
              )}
            </Clipboard.Trigger>
          );
        }}
      </Clipboard.Context>
    </Clipboard.Root>
  );
}

/**
 * A value in a bordered row with its copy button beside it (a licence key): `boxProps` style the
 * row, `codeProps` the value, `size` the button.
 */
export function CopyableCode({
  value,
  label,
  onCopied,
  size,
  boxProps,
  codeProps,
}: Pick<CopyButtonProps, 'value' | 'label' | 'onCopied' | 'size'> & {
  boxProps?: StackProps;
  codeProps?: CodeProps & { 'data-testid'?: string };
}) {
  return (
    <HStack gap="1" borderWidth="1px" {...boxProps}>
      <Code variant="plain" {...codeProps}>
        {value}
      </Code>
      <CopyButton value={value} label={label} size={size} variant="ghost" onCopied={onCopied} />
    </HStack>
  );
}
