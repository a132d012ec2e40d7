import { Alert, Box, Button, Card, Input, Stack, Textarea } from '@chakra-ui/react';
import { APP_TYPES, type AppType } from '@shared/constants';
import { MSG } from '@shared/messages';
import {
  type QuickAppCreate,
  QuickAppCreateSchema,
  type QuickAppUpdate,
  QuickAppUpdateSchema,
} from '@shared/schemas/apps';
import { LuCheck } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import * as z from 'zod';
import { ButtonLink } from '@/components/ui/links';
import { NativeSelectField } from '@/components/ui/native-select-field';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { useZodForm } from '@/lib/use-zod-form';
import { useSaveQuickApp } from '../api/save-quick-app';
import type { EditableApp } from '../types';
import { PracticeSystemsField } from './practice-systems-field';
import { FormField } from './wizard/fields';

const TYPE_LABELS: Record<AppType, string> = {
  internal: 'Internal — used inside your own practice software',
  partner: 'Partner — an integration for a partner system',
  public: 'Public — listed in the marketplace after review',
};

const TYPE_OPTIONS = APP_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }));

/** The form's fields as typed (no type chosen yet: ''). */
const QuickFields = z.object({
  name: z.string(),
  type: z.union([z.enum(APP_TYPES), z.literal('')]),
  description: z.string(),
  website_url: z.string(),
  practice_systems: z.array(z.string()),
});
type QuickValues = z.input<typeof QuickFields>;

/**
 * The server's own schemas (POST /api/apps, PUT /api/apps/{id}) check the fields as they are (a
 * type not chosen yet is refused with the schema's words).
 */
const asTyped = (fields: QuickValues): Record<string, unknown> => fields;
const CreateForm: z.ZodType<QuickAppCreate, QuickValues> = QuickFields.transform(asTyped).pipe(QuickAppCreateSchema);
const UpdateForm: z.ZodType<QuickAppUpdate, QuickValues> = QuickFields.transform(asTyped).pipe(QuickAppUpdateSchema);

/**
 * The quick form (docs/spec.md section 5): name and type required, website a URL. In edit mode the
 * type is shown but cannot be changed, and is not sent.
 */
export function QuickAppForm({ app }: { app?: EditableApp }) {
  const navigate = useNavigate();
  const editing = Boolean(app);
  const save = useSaveQuickApp(app?.id);
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    watch,
    formState: { errors },
  } = useZodForm(editing ? UpdateForm : CreateForm, {
    defaultValues: {
      name: app?.name ?? '',
      type: app?.type ?? '',
      description: app?.description ?? '',
      website_url: app?.website_url ?? '',
      practice_systems: [...(app?.practice_systems ?? [])],
    },
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const type = watch('type');
  const systems = watch('practice_systems');

  const onSubmit = handleSubmit(async () => {
    const values = getValues();
    const input = {
      name: values.name.trim(),
      description: values.description.trim(),
      website_url: values.website_url.trim(),
      practice_systems: values.practice_systems,
      ...(editing ? {} : { type: values.type as AppType }),
    };
    try {
      await save.trigger(input);
      notifySuccess(editing ? MSG.appUpdated : MSG.appCreated);
      navigate(paths.myApps);
    } catch (err) {
      notifyError(errorText(err, MSG.failedQuickApp(editing ? 'update' : 'create')));
    }
  });

  return (
    <Card.Root variant="outline" borderRadius="xl" maxW="2xl" bg="bg.panel">
      <Card.Body>
        <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit app' : 'Quick create'}>
          <Stack gap="5">
            <FormField label="App Name" required error={errors.name?.message}>
              <Input {...register('name')} autoFocus={!editing} />
            </FormField>
            <FormField
              label="App Type"
              required
              disabled={editing}
              error={errors.type?.message}
              helper={editing ? 'The type of an app cannot be changed.' : undefined}
            >
              <NativeSelectField {...register('type')} placeholder="Select a type" options={TYPE_OPTIONS} />
            </FormField>
            {type === 'public' && !editing && (
              <Alert.Root status="info" borderRadius="md">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Description>
                    A public app needs a full listing (tagline, icon, pricing, licensing) before it can be reviewed.{' '}
                    <ButtonLink to={paths.submitApp} size="xs" variant="plain" colorPalette="brand" px="0">
                      Use the submission wizard →
                    </ButtonLink>
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <FormField label="Description" error={errors.description?.message}>
              <Textarea {...register('description')} rows={4} placeholder="What the app does" />
            </FormField>
            <FormField label="Website URL" error={errors.website_url?.message}>
              <Input {...register('website_url')} type="url" placeholder="https://" />
            </FormField>
            <PracticeSystemsField
              values={systems}
              onChange={(list) => setValue('practice_systems', list, { shouldDirty: true })}
            />
            <Box display="flex" gap="3">
              <Button type="submit" colorPalette="brand" loading={save.isMutating} loadingText="Saving...">
                <LuCheck /> {editing ? 'Save Changes' : 'Create App'}
              </Button>
              <ButtonLink to={paths.myApps} variant="ghost">
                Cancel
              </ButtonLink>
            </Box>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
