import {
  Alert,
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
} from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { CATEGORY_DEFAULTS } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import { notifySuccess } from '../../../components/ui/toaster';
import { errorText } from '../../../lib/api-client';
import { useCreateCategory } from '../api/create-category';
import { useUpdateCategory } from '../api/update-category';
import type { AdminCategory, CategoryIconKit, CategoryInput } from '../types';
import { slugify } from '../utils/slugify';

const HEX = /^#[0-9a-f]{6}$/i;

interface FormValues {
  name: string;
  slug: string;
  description: string;
  icon: string;
  color: string;
  /** Kept as typed; parsed as an integer on save. */
  display_order: string;
  is_active: boolean;
}

const initialValues = (category: AdminCategory | null, icons: CategoryIconKit): FormValues => ({
  name: category?.name ?? '',
  slug: category?.slug ?? '',
  description: category?.description ?? '',
  icon: category?.icon || icons.defaultName,
  color: category?.color || CATEGORY_DEFAULTS.color,
  display_order: String(category?.display_order ?? CATEGORY_DEFAULTS.display_order),
  is_active: category?.is_active ?? CATEGORY_DEFAULTS.is_active,
});

/** display_order parsed as an integer; anything unreadable is the default 0. */
export const parseDisplayOrder = (value: string): number => {
  const n = Number.parseInt(value, 10);
  return Number.isNaN(n) ? CATEGORY_DEFAULTS.display_order : n;
};

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
  const [values, setValues] = useState(() => initialValues(category, icons));
  const [slugByHand, setSlugByHand] = useState(category !== null);
  const [errors, setErrors] = useState<{ name?: string; slug?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const saving = create.isMutating || update.isMutating;

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((prev) => ({ ...prev, [key]: value }));

  const onNameChange = (name: string) =>
    setValues((prev) => ({ ...prev, name, slug: slugByHand ? prev.slug : slugify(name) }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = {
      name: values.name.trim() ? undefined : 'Name is required',
      slug: values.slug.trim() ? undefined : 'Slug is required',
    };
    setErrors(found);
    if (found.name || found.slug) return;
    setServerError(null);
    const input: CategoryInput = {
      name: values.name.trim(),
      slug: values.slug.trim(),
      description: values.description.trim(),
      icon: values.icon,
      color: values.color,
      display_order: parseDisplayOrder(values.display_order),
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
  }

  const { Icon } = icons;
  const swatch = HEX.test(values.color) ? values.color : CATEGORY_DEFAULTS.color;

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && !saving && onClose()}
      placement="center"
      size="lg"
      closeOnInteractOutside={!saving}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{category ? 'Edit Category' : 'Add Category'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form id={formId} onSubmit={save} noValidate>
                <Stack gap="4">
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                    <Field.Root required invalid={Boolean(errors.name)}>
                      <Field.Label>
                        Name <Field.RequiredIndicator />
                      </Field.Label>
                      <Input value={values.name} onChange={(e) => onNameChange(e.target.value)} autoFocus />
                      <Field.ErrorText>{errors.name}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root required invalid={Boolean(errors.slug)}>
                      <Field.Label>
                        Slug <Field.RequiredIndicator />
                      </Field.Label>
                      <Input
                        value={values.slug}
                        onChange={(e) => {
                          setSlugByHand(true);
                          set('slug', e.target.value);
                        }}
                        fontFamily="mono"
                      />
                      {errors.slug ? (
                        <Field.ErrorText>{errors.slug}</Field.ErrorText>
                      ) : (
                        <Field.HelperText>/marketplace/category/{values.slug || '…'}</Field.HelperText>
                      )}
                    </Field.Root>
                  </SimpleGrid>

                  <Field.Root>
                    <Field.Label>Description</Field.Label>
                    <Textarea
                      value={values.description}
                      onChange={(e) => set('description', e.target.value)}
                      rows={3}
                      autoresize
                    />
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
                    <Field.Root>
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
                        <Input
                          value={values.color}
                          onChange={(e) => set('color', e.target.value)}
                          fontFamily="mono"
                          placeholder={CATEGORY_DEFAULTS.color}
                        />
                      </HStack>
                    </Field.Root>
                  </SimpleGrid>

                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" alignItems="end">
                    <Field.Root>
                      <Field.Label>Display order</Field.Label>
                      <Input
                        type="number"
                        inputMode="numeric"
                        step={1}
                        value={values.display_order}
                        onChange={(e) => set('display_order', e.target.value)}
                      />
                    </Field.Root>
                    <Switch.Root
                      checked={values.is_active}
                      onCheckedChange={(details) => set('is_active', details.checked)}
                      colorPalette="green"
                      pb="2"
                    >
                      <Switch.HiddenInput />
                      <Switch.Control />
                      <Switch.Label>Active</Switch.Label>
                    </Switch.Root>
                  </SimpleGrid>

                  {serverError && (
                    <Alert.Root status="error" borderRadius="md">
                      <Alert.Indicator />
                      <Alert.Title>{serverError}</Alert.Title>
                    </Alert.Root>
                  )}
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={saving}>
                Cancel
              </Button>
              <Button type="submit" form={formId} colorPalette="brand" loading={saving}>
                {category ? 'Save Changes' : 'Create Category'}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" disabled={saving} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
