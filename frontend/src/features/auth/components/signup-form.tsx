import { Field, Fieldset, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LIMITS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { type AccountType, SignupRequest } from '@shared/schemas/accounts';
import { useState } from 'react';
import { LuUserPlus } from 'react-icons/lu';
import { useSearchParams } from 'react-router-dom';
import { AuthHeading } from '@/components/ui/auth-heading';
import { FormMessage } from '@/components/ui/form-message';
import { AppLink } from '@/components/ui/links';
import { PasswordInput } from '@/components/ui/password-input';
import { type RadioCardChoice, RadioCardGroup } from '@/components/ui/radio-card-group';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { useZodForm } from '@/lib/use-zod-form';
import { useRegisterDeveloper } from '../api/register-developer';
import { useRedirectToLoginWhen } from '../lib/session';
import { AuthFooter, AuthSubmit, RequiredField } from './auth-form-parts';

const EMPTY: SignupRequest = { full_name: '', email: '', password: '', company_name: '', website: '' };

/** The two ways to sign up (POST /api/register account_type); ?type=practice preselects a practice. */
const CHOICES: RadioCardChoice<AccountType>[] = [
  {
    value: 'practice',
    title: 'I buy apps for a practice',
    description: 'Buy apps and manage your licenses. No approval needed.',
  },
  {
    value: 'developer',
    title: 'I build apps',
    description: 'List your apps in the marketplace. Reviewed by our team.',
  },
];

/**
 * Sign-up as a practice (buys apps, no approval) or a developer (spec section 4: pending approval);
 * on success the server's message shows, then /login after 3 s.
 */
export function SignupForm() {
  const [params] = useSearchParams();
  const [accountType, setAccountType] = useState<AccountType>(
    params.get('type') === 'developer' ? 'developer' : params.get('type') === 'practice' ? 'practice' : 'developer',
  );
  const practice = accountType === 'practice';
  // The server's own schema (POST /api/register) checks the form: same rules, same words; a field
  // that was wrong is checked again as it changes.
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(SignupRequest, { defaultValues: EMPTY, reValidateMode: 'onChange' });
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const { trigger, isMutating } = useRegisterDeveloper();

  useRedirectToLoginWhen(success);

  // A missing field is the spec's one message, shown once above the form (its fields turn red);
  // a malformed one shows its own message under the field.
  const missing = Object.values(errors).some((e) => e?.message === MSG.allRequired);
  const fieldError = (field: keyof SignupRequest) => {
    const message = errors[field]?.message;
    return message && message !== MSG.allRequired ? message : undefined;
  };
  /** A required field's state for RequiredField: red when wrong, with its own message when it has one. */
  const stateOf = (field: keyof SignupRequest) => ({ invalid: Boolean(errors[field]), error: fieldError(field) });

  // The schema fills account_type in; the choice above decides it, and a developer's body stays the spec's.
  const onSubmit = handleSubmit(async ({ website, account_type: _parsed, ...account }) => {
    setError(null);
    try {
      const res = await trigger({
        ...account,
        website: practice ? undefined : (website ?? undefined),
        ...(practice ? { account_type: 'practice' as const } : {}),
      });
      setSuccess(res?.message || 'Registration successful! Your account is awaiting admin approval.');
    } catch (err) {
      setError(errorText(err, MSG.signupFailed));
    }
  });

  return (
    <>
      <AuthHeading
        icon={<LuUserPlus />}
        title={practice ? 'Create your practice account' : 'Create your developer account'}
        subtitle={
          practice
            ? 'Buy apps for your practice and find all your licenses under My Purchases.'
            : 'List your apps in the dental marketplace. New accounts are reviewed by our team.'
        }
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
            <RadioCardGroup
              label="Who are you?"
              value={accountType}
              onChange={setAccountType}
              choices={CHOICES}
              size="sm"
              colorPalette="brand"
            />
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <RequiredField label={practice ? 'Contact Name' : 'Full Name'} {...stateOf('full_name')}>
                <Input autoComplete="name" {...register('full_name')} />
              </RequiredField>
              <RequiredField label={practice ? 'Practice Name' : 'Company Name'} {...stateOf('company_name')}>
                <Input autoComplete="organization" {...register('company_name')} />
              </RequiredField>
            </SimpleGrid>
            <RequiredField label="Email" {...stateOf('email')}>
              <Input type="email" autoComplete="email" {...register('email')} />
            </RequiredField>
            <RequiredField
              label="Password"
              {...stateOf('password')}
              hint={`At least ${LIMITS.passwordMin} characters.`}
            >
              <PasswordInput autoComplete="new-password" {...register('password')} />
            </RequiredField>
            <Field.Root invalid={Boolean(errors.website)} hidden={practice}>
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
            <AuthSubmit loading={isMutating} loadingText="Creating account...">
              Create Account
            </AuthSubmit>
          </Stack>
        </Fieldset.Root>
      </form>
      <AuthFooter>
        Already have an account? <AppLink to={paths.login}>Sign in</AppLink>
      </AuthFooter>
    </>
  );
}
