import { Button, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import { CLAIM_ACCOUNT_EXISTS, CLAIM_LINK_INVALID, ClaimAccountRequest } from '@shared/schemas/accounts';
import { useState } from 'react';
import { LuStore } from 'react-icons/lu';
import * as z from 'zod';
import { AuthHeading } from '@/components/ui/auth-heading';
import { FormMessage } from '@/components/ui/form-message';
import { ButtonLink } from '@/components/ui/links';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { errorText } from '@/lib/api-client';
import { useSession } from '@/lib/use-current-user';
import { useMailedLink } from '@/lib/use-mailed-link';
import { useZodForm } from '@/lib/use-zod-form';
import { previewClaim, useAttachClaim, useClaimAccount } from '../api/claim-account';
import { passwordConfirmed } from '../lib/confirmed-password';
import { useStartSession } from '../lib/session';
import { AuthForm, AuthOutcome, AuthSubmit, NewPasswordFields, RequiredField } from './auth-form-parts';

/** The claim form, checked with the API's own rules, plus the password's confirmation. */
const ClaimForm = z
  .object({
    company_name: ClaimAccountRequest.in.shape.company_name,
    full_name: ClaimAccountRequest.in.shape.full_name,
    password: ClaimAccountRequest.out.shape.password,
    confirm: z.string(),
  })
  .refine(...passwordConfirmed);

/**
 * /claim-account?token=...: a guest's "Create your practice account" link. Signed out, a practice
 * account for the link's address (its purchases attach, the practice is signed in and sees My
 * Purchases); signed in as a buyer, the address's purchases join that account.
 */
export function ClaimAccountForm() {
  const { token, view: preview } = useMailedLink(previewClaim, CLAIM_LINK_INVALID);
  const session = useSession();
  const buyer = Boolean(session.token) && (session.role === 'developer' || session.role === 'practice');
  const [error, setError] = useState<string | null>(null);
  const [attached, setAttached] = useState<string | null>(null);
  const form = useZodForm(ClaimForm, { defaultValues: { company_name: '', full_name: '', password: '', confirm: '' } });
  const claim = useClaimAccount();
  const attach = useAttachClaim();
  const startSession = useStartSession();

  const heading = <AuthHeading icon={<LuStore />} title="Create your practice account" />;
  if (preview.state === 'loading') return <PageSpinner label="Checking your link..." />;
  if (preview.state === 'invalid') {
    return (
      <AuthOutcome heading={heading} status="error">
        {preview.text}
      </AuthOutcome>
    );
  }

  if (buyer) {
    return (
      <>
        {heading}
        <Stack gap="4" aria-live="polite">
          {attached ? (
            <>
              <FormMessage status="success">{attached}</FormMessage>
              <ButtonLink to={paths.myPurchases} colorPalette="brand">
                Go to My Purchases
              </ButtonLink>
            </>
          ) : (
            <>
              <Text>
                Add the purchases of <strong>{preview.email}</strong> to the account you are signed in with.
              </Text>
              {error && <FormMessage status="error">{error}</FormMessage>}
              <Button
                colorPalette="brand"
                loading={attach.isMutating}
                onClick={async () => {
                  setError(null);
                  try {
                    const res = await attach.trigger({ token });
                    setAttached(res?.message ?? null);
                  } catch (err) {
                    setError(errorText(err, CLAIM_LINK_INVALID));
                  }
                }}
              >
                Add to my account
              </Button>
            </>
          )}
        </Stack>
      </>
    );
  }

  if (preview.account_exists) {
    const back = `${paths.claimAccount}?token=${encodeURIComponent(token)}`;
    return (
      <AuthOutcome
        heading={heading}
        status="info"
        next={{ to: `${paths.login}?return=${encodeURIComponent(back)}`, label: 'Sign in' }}
      >
        {CLAIM_ACCOUNT_EXISTS}
      </AuthOutcome>
    );
  }

  return (
    <>
      {heading}
      <Text mb="4">
        Your account will use <strong>{preview.email}</strong>, the address your license was sent to.
      </Text>
      <AuthForm
        form={form}
        error={error}
        setError={setError}
        failed={MSG.signupFailed}
        send={async ({ company_name, full_name, password }) => {
          const res = await claim.trigger({ token, company_name, full_name, password });
          if (res) startSession(res.access_token, 'practice', paths.myPurchases);
        }}
      >
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <RequiredField label="Practice Name">
            <Input autoComplete="organization" {...form.register('company_name')} />
          </RequiredField>
          <RequiredField label="Contact Name">
            <Input autoComplete="name" {...form.register('full_name')} />
          </RequiredField>
        </SimpleGrid>
        <NewPasswordFields required password={form.register('password')} confirm={form.register('confirm')} />
        <AuthSubmit loading={claim.isMutating} loadingText="Creating account...">
          Create practice account
        </AuthSubmit>
      </AuthForm>
    </>
  );
}
