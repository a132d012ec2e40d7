import { Alert, Box, Button, Code, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCircleCheck, LuCopy } from 'react-icons/lu';
import type { KeyType } from '../../../../../shared/constants';
import { notifyError } from '../../../components/ui/toaster';
import { KEY_TYPE_LABEL } from '../utils/key-display';

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
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    if (!revealed) return;
    try {
      await navigator.clipboard.writeText(revealed.key);
      setCopied(true);
    } catch {
      notifyError('Could not copy the key', 'Select the key and copy it by hand.');
    }
  };

  const close = () => {
    setCopied(false);
    onClose();
  };

  const title = revealed
    ? `${{ created: 'New', rotated: 'Rotated', replaced: 'Replacement' }[revealed.reason]} ${KEY_TYPE_LABEL[revealed.type].toLowerCase()} key`
    : '';

  return (
    <Dialog.Root
      open={revealed !== null}
      onOpenChange={(e) => !e.open && close()}
      closeOnInteractOutside={false}
      placement="center"
      size={{ base: 'xs', sm: 'lg' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Alert.Root status="warning" rounded="md">
                  <Alert.Indicator />
                  <Alert.Title>Copy this key now: you won't be able to see it again</Alert.Title>
                </Alert.Root>
                <HStack
                  align="stretch"
                  borderWidth="1px"
                  borderColor="gray.300"
                  rounded="md"
                  bg="gray.50"
                  overflow="hidden"
                >
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
                  <Button
                    onClick={copy}
                    variant="ghost"
                    rounded="none"
                    borderLeftWidth="1px"
                    h="auto"
                    colorPalette={copied ? 'green' : 'gray'}
                    aria-label={copied ? 'Copied' : 'Copy key'}
                  >
                    {copied ? <LuCircleCheck /> : <LuCopy />} {copied ? 'Copied' : 'Copy'}
                  </Button>
                </HStack>
                <Text fontSize="sm" color="gray.600">
                  Store it in your secret manager and send it in the <Code size="sm">X-API-Key</Code> header.
                  {revealed?.reason === 'rotated' && ' The previous key has stopped working.'}
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={close}>
                I've saved my key
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
