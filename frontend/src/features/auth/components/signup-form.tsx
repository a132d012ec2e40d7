import { Button, Field, Fieldset, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { LuUserPlus } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { LIMITS } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import { SignupRequest } from '../../../../../shared/schemas/accounts';
import { FormMessage } from '../../../components/ui/form-message';
import { AppLink } from '../../../components/ui/links';
import { PasswordInput } from '../../../components/ui/password-input';
import { paths } from '../../../config/paths';
import { errorText } from '../../../lib/api-client';
import { type RegisterInput, useRegisterDeveloper } from '../api/register-developer';
import { AuthHeading } from './auth-heading';

type SignupValues = Required<RegisterInput>;
const EMPTY: SignupValues = { full_name: '', email: '', password: '', company_name: '', website: '' };

/** The server's own schema (POST /api/register) checks the form: same rules, same words. */
const resolver = zodResolver(SignupRequest) as unknown as Resolver<SignupValues>;

/** Developer signup; on success the server's message shows, then /login after 3 s (docs/spec.md section 4). */
export function SignupForm() {
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<SignupValues>({ defaultValues: EMPTY, resolver });
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const { trigger, isMutating } = useRegisterDeveloper();
  const navigate = useNavigate();

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => navigate(paths.login), LIMITS.signupRedirectMs);
    return () => clearTimeout(timer);
  }, [success, navigate]);

  // A missing field is the spec's one message, shown once above the form (its fields turn red);
  // a malformed one shows its own message under the field.
  const missing = Object.values(errors).some((e) => e?.message === MSG.allRequired);
  const fieldError = (field: keyof SignupValues) => {
    const message = errors[field]?.message;
    return message && message !== MSG.allRequired ? message : undefined;
  };

  const onSubmit = handleSubmit(async () => {
    setError(null);
    const form = getValues();
    const input: RegisterInput = {
      full_name: form.full_name.trim(),
      email: form.email.trim(),
      password: form.password,
      company_name: form.company_name.trim(),
      website: form.website.trim() || undefined,
    };
    try {
      const res = await trigger(input);
      setSuccess(res?.message || 'Registration successful! Your account is awaiting admin approval.');
    } catch (err) {
      setError(errorText(err, MSG.signupFailed));
    }
  });

  return (
    <>
      <AuthHeading
        icon={<LuUserPlus />}
        title="Create your developer account"
        subtitle="List your apps in the dental marketplace. New accounts are reviewed by our team."
      />
      <form onSubmit={onSubmit} noValidate aria-label="Sign up">
        <Fieldset.Root disabled={Boolean(success)}>
          <Stack gap="4">
            {missing && <FormMessage status="error">{MSG.allRequired}</FormMessage>}
            {error && <FormMessage status="error">{error}</FormMessage>}
            {success && (
              <FormMessage status="success" title={success}>
                Redirecting you to sign in...
              </FormMessage>
            )}
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Field.Root required invalid={Boolean(errors.full_name)}>
                <Field.Label>
                  Full Name <Field.RequiredIndicator />
                </Field.Label>
                <Input autoComplete="name" {...register('full_name')} />
                {fieldError('full_name') && <Field.ErrorText>{fieldError('full_name')}</Field.ErrorText>}
              </Field.Root>
              <Field.Root required invalid={Boolean(errors.company_name)}>
                <Field.Label>
                  Company Name <Field.RequiredIndicator />
                </Field.Label>
                <Input autoComplete="organization" {...register('company_name')} />
                {fieldError('company_name') && <Field.ErrorText>{fieldError('company_name')}</Field.ErrorText>}
              </Field.Root>
            </SimpleGrid>
            <Field.Root required invalid={Boolean(errors.email)}>
              <Field.Label>
                Email <Field.RequiredIndicator />
              </Field.Label>
              <Input type="email" autoComplete="email" {...register('email')} />
              {fieldError('email') && <Field.ErrorText>{fieldError('email')}</Field.ErrorText>}
            </Field.Root>
            <Field.Root required invalid={Boolean(errors.password)}>
              <Field.Label>
                Password <Field.RequiredIndicator />
              </Field.Label>
              <PasswordInput autoComplete="new-password" {...register('password')} />
              {fieldError('password') ? (
                <Field.ErrorText>{fieldError('password')}</Field.ErrorText>
              ) : (
                <Field.HelperText>At least {LIMITS.passwordMin} characters.</Field.HelperText>
              )}
            </Field.Root>
            <Field.Root invalid={Boolean(errors.website)}>
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
              <Input type="url" autoComplete="url" placeholder="https://" {...register('website')} />
              {fieldError('website') && <Field.ErrorText>{fieldError('website')}</Field.ErrorText>}
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
