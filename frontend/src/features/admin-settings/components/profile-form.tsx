import { Box, Button, Field, Input, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import { ADMIN_PROFILE_REQUIRED, AdminProfileUpdateRequest } from '@shared/schemas/accounts';
import { useEffect, useState } from 'react';
import * as z from 'zod';
import { useLogout } from '@/components/layouts/use-logout';
import { FormMessage } from '@/components/ui/form-message';
import { PasswordInput } from '@/components/ui/password-input';
import { notifySuccess } from '@/components/ui/toaster';
import { errorText } from '@/lib/api-client';
import { firstErrorMessage } from '@/lib/form-errors';
import { useZodForm } from '@/lib/use-zod-form';
import { useAdminProfile } from '../api/get-admin-profile';
import { useUpdateAdminProfile } from '../api/update-admin-profile';
import { SettingsPanel } from './settings-panel';

type Feedback = { status: 'error' | 'success'; text: string } | null;

/** A new password ends every session of the account, this one included. */
export const SIGN_IN_AGAIN = 'Your password was changed. Please sign in with the new password.';

/**
 * The form: name and e-mail required first, then a new password must match its confirmation, then
 * the rest of the API's own rules (PUT /api/admin/profile: the e-mail's form, the password's length).
 */
const ProfileFields = z
  .object({ full_name: z.string(), email: z.string(), password: z.string(), confirm: z.string() })
  .superRefine((v, ctx) => {
    if (!v.full_name.trim() || !v.email.trim())
      ctx.addIssue({ code: 'custom', path: ['full_name'], message: ADMIN_PROFILE_REQUIRED });
    else if (v.password && v.password !== v.confirm)
      ctx.addIssue({ code: 'custom', path: ['confirm'], message: MSG.passwordsDoNotMatch });
  })
  .transform(({ full_name, email, password }): AdminProfileUpdateRequest => ({ full_name, email, password }))
  .pipe(AdminProfileUpdateRequest);

/**
 * Update Profile (docs/spec.md section 5, admin profile): name and e-mail required; a new password
 * is optional, must match its confirmation, and is sent only when filled.
 */
export function ProfileForm() {
  const { data, error: loadError, isLoading } = useAdminProfile();
  const { trigger, isMutating } = useUpdateAdminProfile();
  const form = useZodForm(ProfileFields, { defaultValues: { full_name: '', email: '', password: '', confirm: '' } });
  const { register, setValue } = form;
  const [feedback, setFeedback] = useState<Feedback>(null);
  const logout = useLogout('admin');

  useEffect(() => {
    if (!data) return;
    setValue('full_name', data.full_name ?? '');
    setValue('email', data.email ?? '');
  }, [data, setValue]);

  const save = form.handleSubmit(
    async (body) => {
      try {
        // The server ends this session too when the password changes: no reload with the old token.
        await trigger(body, body.password ? { revalidate: false } : undefined);
        if (body.password) {
          notifySuccess(MSG.profileUpdated, SIGN_IN_AGAIN);
          return logout();
        }
        setValue('password', '');
        setValue('confirm', '');
        setFeedback({ status: 'success', text: MSG.profileUpdated });
      } catch (err) {
        setFeedback({ status: 'error', text: errorText(err, MSG.failedUpdateProfile) });
      }
    },
    (errors) => setFeedback({ status: 'error', text: firstErrorMessage(errors) ?? MSG.failedUpdateProfile }),
  );

  return (
    <SettingsPanel
      title="Update Profile"
      intro="Your name and sign-in e-mail. Leave the password fields blank to keep your current password."
    >
      <form
        onSubmit={(e) => {
          setFeedback(null);
          return save(e);
        }}
        noValidate
      >
        <Stack gap="5" maxW="2xl">
          {loadError && <FormMessage status="error">{errorText(loadError, MSG.failedLoadProfile)}</FormMessage>}
          {feedback && <FormMessage status={feedback.status}>{feedback.text}</FormMessage>}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <Field.Root required>
              <Field.Label>
                Full Name <Field.RequiredIndicator />
              </Field.Label>
              <Skeleton loading={isLoading} w="full">
                <Input autoComplete="name" {...register('full_name')} />
              </Skeleton>
            </Field.Root>
            <Field.Root required>
              <Field.Label>
                Email <Field.RequiredIndicator />
              </Field.Label>
              <Skeleton loading={isLoading} w="full">
                <Input type="email" autoComplete="email" {...register('email')} />
              </Skeleton>
            </Field.Root>
            <Field.Root>
              <Field.Label>New Password</Field.Label>
              <PasswordInput autoComplete="new-password" {...register('password')} />
              <Field.HelperText>Leave blank to keep the current password.</Field.HelperText>
            </Field.Root>
            <Field.Root>
              <Field.Label>Confirm New Password</Field.Label>
              <PasswordInput autoComplete="new-password" {...register('confirm')} />
            </Field.Root>
          </SimpleGrid>
          <Box>
            <Button type="submit" colorPalette="brand" loading={isMutating} loadingText="Saving...">
              Save Changes
            </Button>
          </Box>
        </Stack>
      </form>
    </SettingsPanel>
  );
}
