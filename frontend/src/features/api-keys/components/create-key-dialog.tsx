import { RadioCard, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { KeyType } from '../../../../../shared/constants';
import { FormDialog } from '../../../components/ui/form-dialog';
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
    <FormDialog
      open={open}
      title="Create API Key"
      size={{ base: 'xs', sm: 'md' }}
      onClose={onClose}
      onSubmit={() => onCreate(type)}
      submitLabel={`Create ${type === 'production' ? 'Production' : 'Staging'} Key`}
      submitProps={{ loadingText: 'Creating...' }}
      pending={creating}
    >
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
    </FormDialog>
  );
}
