import { Box, Button, Card, Flex, Grid, Heading, HStack, Text } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { LuArrowLeft, LuArrowRight, LuSend } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { savePermissions } from '@/components/permissions/api/save-permissions';
import { inputFromDraft } from '@/components/permissions/utils/draft';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { revalidateAppViews } from '@/features/submit-app/api/revalidate-app-views';
import { useSubmitApp } from '@/features/submit-app/api/submit-app';
import type { WizardValues } from '@/features/submit-app/types';
import {
  type FieldErrors,
  firstInvalidStep,
  isStepValid,
  STEPS,
  validateAll,
  validateStep,
  wizardSchema,
} from '@/features/submit-app/utils/validation';
import { buildPayload } from '@/features/submit-app/utils/wizard-values';
import { errorText } from '@/lib/api-client';
import { useZodForm } from '@/lib/use-zod-form';
import { CardPreview } from './card-preview';
import { StepNav } from './step-nav';
import type { SetValue } from './step-props';
import { BasicsStep } from './steps/basics-step';
import { CompanyPricingStep } from './steps/company-pricing-step';
import { FeaturesStep } from './steps/features-step';
import { LicensingStep } from './steps/licensing-step';
import { MediaStep } from './steps/media-step';
import { ReviewStep } from './steps/review-step';

const STEP_VIEWS = { 1: BasicsStep, 2: MediaStep, 3: FeaturesStep, 4: CompanyPricingStep, 5: LicensingStep } as const;

const PERMISSIONS_NOT_SAVED = 'The app’s permissions could not be saved.';

/** A value the developer has typed into counts as seen: its error shows without waiting for blur. */
const hasInput = (value: WizardValues[keyof WizardValues]) =>
  Array.isArray(value)
    ? value.some((item) => item.trim() !== '')
    : typeof value === 'string'
      ? value.trim() !== ''
      : typeof value === 'object' && value !== null;

/**
 * The six-step submission wizard (docs/spec.md section 5). Next stays disabled until the current
 * step is valid; a step circle opens when every step before it is valid. Submit sends the full
 * payload to POST /api/apps/submit, or PUT /api/apps/{id}/update when editing.
 */
export function AppWizard({ initial, appId }: { initial: WizardValues; appId?: string }) {
  const navigate = useNavigate();
  // The form state lives in react-hook-form; its resolver is the server's submit schema.
  const form = useZodForm(wizardSchema, { defaultValues: initial, reValidateMode: 'onChange' });
  const values = useWatch({ control: form.control }) as WizardValues;
  const [step, setStep] = useState(1);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const top = useRef<HTMLDivElement>(null);
  const submit = useSubmitApp(appId);
  const { mutate } = useSWRConfig();
  const editing = Boolean(appId);

  const set: SetValue = useCallback(
    (key, value) =>
      form.setValue(
        key,
        (typeof value === 'function' ? (value as (p: unknown) => unknown)(form.getValues(key)) : value) as never,
        { shouldDirty: true },
      ),
    [form],
  );
  const touch = useCallback(
    (key: keyof WizardValues) => setTouched((prev) => (prev.has(key) ? prev : new Set(prev).add(key))),
    [],
  );

  const all = useMemo(() => validateAll(values), [values]);
  const errors = useMemo(() => validateStep(step, values, all), [step, values, all]);
  const valid = Object.keys(errors).length === 0;
  const shown: FieldErrors = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(errors).filter(([key]) => touched.has(key) || hasInput(values[key as keyof WizardValues])),
      ),
    [errors, touched, values],
  );

  const isValid = useCallback((s: number) => isStepValid(s, values, all), [values, all]);
  const isReachable = useCallback(
    (target: number) => target <= step || STEPS.every((s) => s.id >= target || isStepValid(s.id, values, all)),
    [step, values, all],
  );
  const goTo = useCallback(
    (target: number) => {
      if (!isReachable(target)) return;
      setStep(target);
      top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    },
    [isReachable],
  );

  const onSubmit = form.handleSubmit(
    async (checked) => {
      let saved: { id: string };
      try {
        saved = await submit.trigger(buildPayload(checked));
      } catch (err) {
        notifyError(errorText(err, MSG.failedWizardApp(editing ? 'update' : 'submit')));
        return;
      }
      notifySuccess(editing ? MSG.appUpdated : MSG.appSubmitted);
      // The declaration is saved once the app exists; a refusal leaves the listing saved and says why.
      const id = appId ?? saved.id;
      if (checked.data_access && id) {
        try {
          await savePermissions(id, inputFromDraft(checked.data_access));
          await revalidateAppViews(mutate);
        } catch (err) {
          notifyError(errorText(err, PERMISSIONS_NOT_SAVED));
          navigate(paths.editApp(id));
          return;
        }
      }
      navigate(paths.myApps);
    },
    () => {
      const invalid = firstInvalidStep(form.getValues());
      if (invalid) goTo(invalid);
    },
  );

  const meta = STEPS[step - 1];
  const StepView = step < 6 ? STEP_VIEWS[step as keyof typeof STEP_VIEWS] : null;
  const stepProps = { values, set, errors: shown, touch, appId };
  const missing = Object.values(errors);

  return (
    <Box ref={top} scrollMarginTop="16">
      <StepNav current={step} isValid={isValid} isReachable={isReachable} onSelect={goTo} />
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 1fr) 300px' }} gap="8" alignItems="start">
        <Card.Root variant="outline" borderRadius="xl" bg="bg.panel">
          <Card.Header pb="0">
            <Heading as="h2" size="lg">
              {meta?.title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {meta?.hint}
            </Text>
          </Card.Header>
          <Card.Body>
            <form
              noValidate
              aria-label={meta?.title}
              onSubmit={(e) => {
                e.preventDefault();
                if (step === 6) void onSubmit(e);
                else if (valid) goTo(step + 1);
              }}
            >
              {StepView ? <StepView {...stepProps} /> : <ReviewStep {...stepProps} onEdit={goTo} />}
              <Flex
                mt="8"
                pt="5"
                borderTopWidth="1px"
                borderColor="border.muted"
                justify="space-between"
                align="center"
                gap="3"
                wrap="wrap"
              >
                <Button variant="outline" onClick={() => goTo(step - 1)} disabled={step === 1}>
                  <LuArrowLeft /> Previous
                </Button>
                <HStack gap="3" ms="auto">
                  {!valid && missing.length > 0 && (
                    <Text fontSize="xs" color="fg.muted" maxW="xs" textAlign="end" role="status" hideBelow="sm">
                      To continue: {missing.join(' · ')}
                    </Text>
                  )}
                  {step < 6 ? (
                    <Button colorPalette="brand" type="submit" disabled={!valid}>
                      Next <LuArrowRight />
                    </Button>
                  ) : (
                    <Button
                      colorPalette="brand"
                      type="submit"
                      disabled={!valid}
                      loading={submit.isMutating}
                      loadingText={editing ? 'Saving...' : 'Submitting...'}
                    >
                      <LuSend /> {editing ? 'Save Changes' : 'Submit for Review'}
                    </Button>
                  )}
                </HStack>
              </Flex>
            </form>
          </Card.Body>
        </Card.Root>
        <Box position="sticky" top="44" hideBelow="xl">
          <CardPreview values={values} />
        </Box>
      </Grid>
    </Box>
  );
}
