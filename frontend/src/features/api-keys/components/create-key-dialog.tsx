import { Text } from '@chakra-ui/react';
import type { KeyType } from '@shared/constants';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { type RadioCardChoice, RadioCardGroup } from '@/components/ui/radio-card-group';
import { formatCount } from '@/utils/format';
import { DAILY_LIMIT } from '@/utils/key-display';

const CHOICES: RadioCardChoice<KeyType>[] = [
  {
    value: 'staging',
    title: 'Staging',
    description: `${formatCount(DAILY_LIMIT.staging)} requests a day. Active at once, for development and testing.`,
  },
  {
    value: 'production',
    title: 'Production',
    description: `${formatCount(DAILY_LIMIT.production)} requests a day. Active once an admin has approved your account.`,
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
      <RadioCardGroup
        label="Key type"
        value={type}
        onChange={setType}
        choices={CHOICES}
        colorPalette="brand"
        orientation="vertical"
      />
    </FormDialog>
  );
}
