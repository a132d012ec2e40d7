import { Box, Field, HStack, Input, NativeSelect, SimpleGrid, Textarea } from '@chakra-ui/react';
import { CATEGORY_DEFAULTS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { slugifyCategoryName } from '@shared/rules/categories';
import { CategoryPayloadSchema } from '@shared/schemas/categories';
import { useId, useState } from 'react';
import * as z from 'zod';
import { FormDialog } from '@/components/ui/form-dialog';
import { LabelledSwitch } from '@/components/ui/labelled-switch';
import { notifySuccess } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { useZodForm } from '@/lib/use-zod-form';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import type { AdminCategory, CategoryIconKit, CategoryInput } from '../types';

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The form's fields as typed (the order kept as text, parsed as an integer on save), checked by the
 * server's payload schema: same rules (slug format, colour, order), same words.
 */
const CategoryForm = z
  .object({
    name: z.string(),
    slug: z.string(),
    description: z.string(),
    icon: z.string(),
    color: z.string(),
    display_order: z.string(),
    is_active: z.boolean(),
  })
  .transform((fields): z.input<typeof CategoryPayloadSchema> => fields)
  .pipe(CategoryPayloadSchema);
type FormValues = z.input<typeof CategoryForm>;

const initialValues = (category: AdminCategory | null, icons: CategoryIconKit): FormValues => ({
  name: category?.name ?? '',
  slug: category?.slug ?? '',
  description: category?.description ?? '',
  icon: category?.icon || icons.defaultName,
  color: category?.color || CATEGORY_DEFAULTS.color,
  display_order: String(category?.display_order ?? CATEGORY_DEFAULTS.display_order),
  is_active: category?.is_active ?? CATEGORY_DEFAULTS.is_active,
});

interface CategoryFormDialogProps {
  /** null creates a new category. */
  category: AdminCategory | null;
  icons: CategoryIconKit;
  onClose: () => void;
}

/**
 * Create or edit a category. Typing the name derives the slug until the slug is edited by hand;
 * an existing category keeps its slug (its public URL) unless the admin changes it.
 */
export function CategoryFormDialog({ category, icons, onClose }: CategoryFormDialogProps) {
  const formId = useId();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors },
  } = useZodForm(CategoryForm, { defaultValues: initialValues(category, icons), reValidateMode: 'onChange' });
  const values = watch();
  const [slugByHand, setSlugByHand] = useState(category !== null);
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const saving = create.isMutating || update.isMutating;

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValue(key, value as never, { shouldValidate: Boolean(errors[key]) });

  const name = register('name', {
    onChange: (e: { target: { value: string } }) => {
      if (!slugByHand) setValue('slug', slugifyCategoryName(e.target.value), { shouldValidate: Boolean(errors.slug) });
    },
  });
  const slug = register('slug', { onChange: () => setSlugByHand(true) });

  const save = handleSubmit(async (parsed) => {
    setServerError(null);
    const input: CategoryInput = {
      name: parsed.name,
      slug: parsed.slug,
      description: parsed.description ?? '',
      icon: values.icon,
      color: parsed.color ?? CATEGORY_DEFAULTS.color,
      display_order: parsed.display_order ?? CATEGORY_DEFAULTS.display_order,
      is_active: values.is_active,
    };
    try {
      if (category) await update.trigger({ id: category.id, input });
      else await create.trigger(input);
      notifySuccess(category ? `${input.name} updated` : `${input.name} created`);
      onClose();
    } catch (err) {
      setServerError(errorText(err, MSG.failedSaveCategory));
    }
  });

  const { Icon } = icons;
  const swatch = HEX.test(values.color) ? values.color : CATEGORY_DEFAULTS.color;

  return (
    <FormDialog
      title={category ? 'Edit Category' : 'Add Category'}
      onClose={onClose}
      onSubmit={save}
      submitLabel={category ? 'Save Changes' : 'Create Category'}
      pending={saving}
      error={serverError}
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root required invalid={Boolean(errors.name)}>
          <Field.Label>
            Name <Field.RequiredIndicator />
          </Field.Label>
          <Input {...name} autoFocus />
          <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.slug)}>
          <Field.Label>
            Slug <Field.RequiredIndicator />
          </Field.Label>
          <Input {...slug} fontFamily="mono" />
          {errors.slug ? (
            <Field.ErrorText>{errors.slug.message}</Field.ErrorText>
          ) : (
            <Field.HelperText>/marketplace/category/{values.slug || '…'}</Field.HelperText>
          )}
        </Field.Root>
      </SimpleGrid>

      <Field.Root invalid={Boolean(errors.description)}>
        <Field.Label>Description</Field.Label>
        <Textarea {...register('description')} rows={3} autoresize />
        <Field.ErrorText>{errors.description?.message}</Field.ErrorText>
      </Field.Root>

      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root>
          <Field.Label>Icon</Field.Label>
          <HStack w="full">
            <Box
              aria-hidden
              p="2"
              borderRadius="md"
              flexShrink={0}
              style={{ background: `color-mix(in srgb, ${swatch} 14%, transparent)`, color: swatch }}
            >
              <Icon name={values.icon} size={20} />
            </Box>
            <NativeSelect.Root>
              <NativeSelect.Field value={values.icon} onChange={(e) => set('icon', e.target.value)}>
                {icons.names.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </HStack>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.color)}>
          <Field.Label>Color</Field.Label>
          <HStack w="full">
            <Input
              type="color"
              id={`${formId}-color-picker`}
              aria-label="Pick a color"
              value={swatch}
              onChange={(e) => set('color', e.target.value)}
              w="12"
              p="1"
              flexShrink={0}
              cursor="pointer"
            />
            <Input {...register('color')} fontFamily="mono" placeholder={CATEGORY_DEFAULTS.color} />
          </HStack>
          <Field.ErrorText>{errors.color?.message}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" alignItems="end">
        <Field.Root invalid={Boolean(errors.display_order)}>
          <Field.Label>Display order</Field.Label>
          <Input {...register('display_order')} type="number" inputMode="numeric" step={1} />
          <Field.ErrorText>{errors.display_order?.message}</Field.ErrorText>
        </Field.Root>
        <LabelledSwitch
          label="Active"
          checked={values.is_active}
          onChange={(checked) => set('is_active', checked)}
          colorPalette="green"
          pb="2"
        />
      </SimpleGrid>
    </FormDialog>
  );
}
