import { Button, CloseButton, Dialog, Portal, RadioCard, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { KeyType } from '../../../../../shared/constants';
import { formatCount } from '../../../utils/format';
import { DAILY_LIMIT } from '../utils/key-display';

const CHOICES: { value: KeyType; title: string; text: string }[] = [
  {
    value: 'staging',
    title: 'Staging',
    text: `${formatCount(DAILY_LIMIT.staging)} requests a day. Active at once, for development and testing.`,
  },
  {
    value: 'production',
    title: 'Production',
    text: `${formatCount(DAILY_LIMIT.production)} requests a day. Active once an admin has approved your account.`,
  },
];

/** Asks which kind of key to create. */
export function CreateKeyDialog({
  open,
  creating,
  onCreate,
  onClose,
}: {
  open: boolean;
  creating: boolean;
  onCreate: (type: KeyType) => void;
  onClose: () => void;
}) {
  const [type, setType] = useState<KeyType>('staging');
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      placement="center"
      size={{ base: 'xs', sm: 'md' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Create API Key</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="gray.600" fontSize="sm">
                  The full key is shown once, right after it is created. Have somewhere safe ready to store it.
                </Text>
                <RadioCard.Root
                  value={type}
                  onValueChange={(e) => e.value && setType(e.value as KeyType)}
                  colorPalette="brand"
                  orientation="vertical"
                >
                  <RadioCard.Label>Key type</RadioCard.Label>
                  <Stack gap="2">
                    {CHOICES.map((choice) => (
                      <RadioCard.Item key={choice.value} value={choice.value}>
                        <RadioCard.ItemHiddenInput />
                        <RadioCard.ItemControl>
                          <RadioCard.ItemContent>
                            <RadioCard.ItemText>{choice.title}</RadioCard.ItemText>
                            <RadioCard.ItemDescription>{choice.text}</RadioCard.ItemDescription>
                          </RadioCard.ItemContent>
                          <RadioCard.ItemIndicator />
                        </RadioCard.ItemControl>
                      </RadioCard.Item>
                    ))}
                  </Stack>
                </RadioCard.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={creating}>
                Cancel
              </Button>
              <Button colorPalette="brand" onClick={() => onCreate(type)} loading={creating} loadingText="Creating...">
                Create {type === 'production' ? 'Production' : 'Staging'} Key
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
