import { Button, Field, Fieldset, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { LuUserPlus } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import { FormMessage } from '../../../components/ui/form-message';
import { AppLink } from '../../../components/ui/links';
import { PasswordInput } from '../../../components/ui/password-input';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { type RegisterInput, useRegisterDeveloper } from '../api/register-developer';
import { validateSignup } from '../lib/validation';
import { AuthHeading } from './auth-heading';

const EMPTY: RegisterInput = { full_name: '', email: '', password: '', company_name: '', website: '' };

/** Developer signup; on success the server's message shows, then /login after 3 s (SPEC.md section 4). */
export function SignupForm() {
  const [form, setForm] = useState<RegisterInput>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const { trigger, isMutating } = useRegisterDeveloper();
  const navigate = useNavigate();

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => navigate(paths.login), LIMITS.signupRedirectMs);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  const set = (field: keyof RegisterInput) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const input: RegisterInput = {
      full_name: form.full_name.trim(),
      email: form.email.trim(),
      password: form.password,
      company_name: form.company_name.trim(),
      website: form.website?.trim() || undefined,
    };
    const invalid = validateSignup(input);
    if (invalid) return setError(invalid);
    try {
      const res = await trigger(input);
      setSuccess(res?.message || 'Registration successful! Your account is awaiting admin approval.');
    } catch (err) {
      setError(errorText(err, MSG.signupFailed));
    }
  };

  return (
    <>
      <AuthHeading
        icon={<LuUserPlus />}
        title="Create your developer account"
        subtitle="List your apps in the dental marketplace. New accounts are reviewed by our team."
      />
      <form onSubmit={onSubmit} noValidate>
        <Fieldset.Root disabled={Boolean(success)}>
          <Stack gap="4">
            {error && <FormMessage status="error">{error}</FormMessage>}
            {success && (
              <FormMessage status="success" title={success}>
                Redirecting you to sign in...
              </FormMessage>
            )}
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Field.Root required>
                <Field.Label>
                  Full Name <Field.RequiredIndicator />
                </Field.Label>
                <Input autoComplete="name" value={form.full_name} onChange={set('full_name')} />
              </Field.Root>
              <Field.Root required>
                <Field.Label>
                  Company Name <Field.RequiredIndicator />
                </Field.Label>
                <Input autoComplete="organization" value={form.company_name} onChange={set('company_name')} />
              </Field.Root>
            </SimpleGrid>
            <Field.Root required>
              <Field.Label>
                Email <Field.RequiredIndicator />
              </Field.Label>
              <Input type="email" autoComplete="email" value={form.email} onChange={set('email')} />
            </Field.Root>
            <Field.Root required>
              <Field.Label>
                Password <Field.RequiredIndicator />
              </Field.Label>
              <PasswordInput autoComplete="new-password" value={form.password} onChange={set('password')} />
              <Field.HelperText>At least {LIMITS.passwordMin} characters.</Field.HelperText>
            </Field.Root>
            <Field.Root>
              <Field.Label>
                Website{' '}
                <Field.RequiredIndicator
                  fallback={
                    <Text as="span" color="gray.500" fontWeight="normal">
                      (optional)
                    </Text>
                  }
                />
              </Field.Label>
              <Input
                type="url"
                autoComplete="url"
                placeholder="https://"
                value={form.website}
                onChange={set('website')}
              />
            </Field.Root>
            <Button type="submit" colorPalette="brand" size="lg" loading={isMutating} loadingText="Creating account...">
              Create Account
            </Button>
          </Stack>
        </Fieldset.Root>
      </form>
      <Text mt="8" textAlign="center" fontSize="sm" color="gray.600">
        Already have an account? <AppLink to={paths.login}>Sign in</AppLink>
      </Text>
    </>
  );
}
