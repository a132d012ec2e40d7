import { Box, Button, Code, HStack, Stack, Text } from '@chakra-ui/react';
import type { KeyType } from '@shared/constants';
import { AppDialog } from '@/components/ui/app-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { TitleAlert } from '@/components/ui/load-error';
import { KEY_TYPE_LABEL } from '@/utils/key-display';

export interface RevealedKey {
  /** The FULL key: only ever held here, and dropped when the dialog closes. */
  key: string;
  type: KeyType;
  /** rotated: by the developer; replaced: an admin's rotation, revealed once. */
  reason: 'created' | 'rotated' | 'replaced';
}

/**
 * Shows a full key exactly once, after creation or rotation, with a copy button. Closing it
 * forgets the key: from then on only its prefix is shown anywhere.
 */
export function KeySecretDialog({ revealed, onClose }: { revealed: RevealedKey | null; onClose: () => void }) {
  const title = revealed
    ? `${{ created: 'New', rotated: 'Rotated', replaced: 'Replacement' }[revealed.reason]} ${KEY_TYPE_LABEL[revealed.type].toLowerCase()} key`
    : '';

  return (
    <AppDialog
      open={revealed !== null}
      title={title}
      onClose={onClose}
      closeOnInteractOutside={false}
      closable={false}
      size={{ base: 'xs', sm: 'lg' }}
      footer={
        <Button colorPalette="brand" onClick={onClose}>
          I've saved my key
        </Button>
      }
    >
      <Stack gap="4">
        <TitleAlert status="warning">Copy this key now: you won't be able to see it again</TitleAlert>
        <HStack align="stretch" borderWidth="1px" borderColor="gray.300" rounded="md" bg="gray.50" overflow="hidden">
          <Box flex="1" px="3" py="2.5" minW="0">
            <Code
              data-testid="full-api-key"
              bg="transparent"
              fontSize="sm"
              wordBreak="break-all"
              whiteSpace="pre-wrap"
              p="0"
            >
              {revealed?.key}
            </Code>
          </Box>
          <CopyButton
            key={revealed?.key}
            value={revealed?.key ?? ''}
            label="Copy key"
            withText
            timeout={600_000}
            colorPalette="gray"
            copiedPalette="green"
            variant="ghost"
            rounded="none"
            borderLeftWidth="1px"
            h="auto"
          />
        </HStack>
        <Text fontSize="sm" color="gray.600">
          Store it in your secret manager and send it in the <Code size="sm">X-API-Key</Code> header.
          {revealed?.reason === 'rotated' && ' The previous key has stopped working.'}
        </Text>
      </Stack>
    </AppDialog>
  );
}
