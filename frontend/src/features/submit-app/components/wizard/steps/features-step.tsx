import { Stack } from '@chakra-ui/react';
import { PracticeSystemsField } from '@/features/submit-app/components/practice-systems-field';
import { FormField } from '../fields';
import { ListSlots } from '../list-slots';
import { PermissionsStepSection } from '../permissions-step-section';
import type { StepProps } from '../step-props';
import { TagInput } from '../tag-input';

const FEATURE_HINTS = ['e.g. Online booking 24/7', 'e.g. Automatic SMS reminders', 'e.g. Syncs with your PMS'];
const USE_CASE_HINTS = ['e.g. A front desk filling last-minute gaps', 'e.g. A group practice sharing one calendar'];

/**
 * Step 3: key features (3 fixed slots, at least 2 filled), use cases (2 fixed slots), integrations,
 * practice systems and the permissions declaration.
 */
export function FeaturesStep(props: StepProps) {
  const { values, set } = props;
  return (
    <Stack gap="7">
      <ListSlots
        {...props}
        name="key_features"
        legend="Key Features"
        required
        helper="At least 2. The first three slots stay; add more if you need them."
        itemLabel="Key feature"
        addLabel="Add feature"
        placeholders={FEATURE_HINTS}
      />
      <ListSlots
        {...props}
        name="use_cases"
        legend="Use Cases"
        helper="Situations where a practice gets the most out of your app."
        itemLabel="Use case"
        addLabel="Add use case"
        placeholders={USE_CASE_HINTS}
      />
      <FormField label="Integrations" helper="Systems your app works with. Press Enter to add each one.">
        <TagInput
          values={values.integrations}
          onChange={(list) => set('integrations', list)}
          itemLabel="integration"
          max={20}
          placeholder="e.g. Dentrix"
        />
      </FormField>
      <PracticeSystemsField values={values.practice_systems} onChange={(list) => set('practice_systems', list)} />
      <PermissionsStepSection {...props} />
    </Stack>
  );
}
