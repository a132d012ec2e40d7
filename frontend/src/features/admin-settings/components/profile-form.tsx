import { Box, Button, Field, Input, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { MSG } from '../../../../../shared/messages';
import { useLogout } from '../../../components/layouts/use-logout';
import { FormMessage } from '../../../components/ui/form-message';
import { PasswordInput } from '../../../components/ui/password-input';
import { notifySuccess } from '../../../components/ui/toaster';
import { errorText } from '../../../lib/api-client';
import { useAdminProfile } from '../api/get-admin-profile';
import { type UpdateAdminProfileInput, useUpdateAdminProfile } from '../api/update-admin-profile';
import { SettingsPanel } from './settings-panel';

type Feedback = { status: 'error' | 'success'; text: string } | null;

/** A new password ends every session of the account, this one included. */
export const SIGN_IN_AGAIN = 'Your password was changed. Please sign in with the new password.';

/**
 * Update Profile (docs/spec.md section 5, admin profile): name and e-mail required; a new password
 * is optional, must match its confirmation, and is sent only when filled.
 */
export function ProfileForm() {
  const { data, error: loadError, isLoading } = useAdminProfile();
  const { trigger, isMutating } = useUpdateAdminProfile();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [feedback, setFeedback] = useState<Feedback>(null);
  const logout = useLogout('admin');

  useEffect(() => {
    if (!data) return;
    setFullName(data.full_name ?? '');
    setEmail(data.email ?? '');
  }, [data]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFeedback(null);
    if (!fullName.trim() || !email.trim())
      return setFeedback({ status: 'error', text: 'Full name and email are required' });
    if (password && password !== confirm) return setFeedback({ status: 'error', text: MSG.passwordsDoNotMatch });
    const body: UpdateAdminProfileInput = { full_name: fullName.trim(), email: email.trim() };
    if (password) body.password = password;
    try {
      // The server ends this session too when the password changes: no reload with the old token.
      await trigger(body, password ? { revalidate: false } : undefined);
      if (password) {
        notifySuccess(MSG.profileUpdated, SIGN_IN_AGAIN);
        return logout();
      }
      setPassword('');
      setConfirm('');
      setFeedback({ status: 'success', text: MSG.profileUpdated });
    } catch (err) {
      setFeedback({ status: 'error', text: errorText(err, MSG.failedUpdateProfile) });
    }
  };

  return (
    <SettingsPanel
      title="Update Profile"
      intro="Your name and sign-in e-mail. Leave the password fields blank to keep your current password."
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5" maxW="2xl">
          {loadError && <FormMessage status="error">{errorText(loadError, MSG.failedLoadProfile)}</FormMessage>}
          {feedback && <FormMessage status={feedback.status}>{feedback.text}</FormMessage>}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <Field.Root required>
              <Field.Label>
                Full Name <Field.RequiredIndicator />
              </Field.Label>
              <Skeleton loading={isLoading} w="full">
                <Input autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} />
              </Skeleton>
            </Field.Root>
            <Field.Root required>
              <Field.Label>
                Email <Field.RequiredIndicator />
              </Field.Label>
              <Skeleton loading={isLoading} w="full">
                <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
              </Skeleton>
            </Field.Root>
            <Field.Root>
              <Field.Label>New Password</Field.Label>
              <PasswordInput
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <Field.HelperText>Leave blank to keep the current password.</Field.HelperText>
            </Field.Root>
            <Field.Root>
              <Field.Label>Confirm New Password</Field.Label>
              <PasswordInput autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
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
