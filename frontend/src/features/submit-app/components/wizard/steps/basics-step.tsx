import { SimpleGrid, Stack } from '@chakra-ui/react';
import { LIMITS } from '@shared/constants';
import { APP_FIELD_LIMITS } from '@shared/schemas/apps';
import { useCategories } from '@/api/get-categories';
import { NativeSelectField } from '@/components/ui/native-select-field';
import { FormField, TextField } from '../fields';
import type { StepProps } from '../step-props';
import { TagInput } from '../tag-input';

/** Step 1: name, tagline (60), short description (150), category, tags; the long description. */
export function BasicsStep(props: StepProps) {
  const { values, set, errors, touch } = props;
  const { data: categories, error: categoriesError, isLoading } = useCategories();
  const names = (categories ?? []).map((c) => c.name);
  // An edited app keeps its category even if the list cannot be loaded or no longer has it.
  if (values.category && !names.includes(values.category)) names.unshift(values.category);

  return (
    <Stack gap="5">
      <TextField
        {...props}
        name="name"
        label="App Name"
        required
        placeholder="e.g. SmileSchedule Pro"
        inputProps={{ maxLength: APP_FIELD_LIMITS.name + 20 }}
      />
      <TextField
        {...props}
        name="tagline"
        label="Tagline"
        required
        max={LIMITS.taglineMax}
        placeholder="One line that sells it"
        helper="Shown under the name on your listing."
      />
      <TextField
        {...props}
        name="short_description"
        label="Short Description"
        required
        max={LIMITS.shortDescriptionMax}
        rows={2}
        placeholder="What it does, for whom, in a sentence or two"
        helper="Shown on the marketplace card."
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        <FormField
          label="Category"
          required
          error={
            errors.category ?? (categoriesError ? 'Categories could not be loaded. Please reload the page.' : undefined)
          }
        >
          <NativeSelectField
            name="category"
            value={values.category}
            onChange={(e) => set('category', e.currentTarget.value)}
            onBlur={() => touch('category')}
            placeholder={isLoading ? 'Loading categories...' : 'Select a category'}
            options={names}
          />
        </FormField>
        <FormField label="Tags" helper={`Press Enter to add a tag (up to ${APP_FIELD_LIMITS.tags}).`}>
          <TagInput
            values={values.tags}
            onChange={(tags) => set('tags', tags)}
            itemLabel="tag"
            max={APP_FIELD_LIMITS.tags}
            placeholder="e.g. scheduling"
          />
        </FormField>
      </SimpleGrid>
      <TextField
        {...props}
        name="long_description"
        label="Full Description"
        rows={6}
        placeholder="Everything a practice should know: workflows, setup, support..."
        helper="The About section of your listing."
      />
    </Stack>
  );
}
