import type { WizardValues } from '@/features/submit-app/types';
import type { FieldErrors } from '@/features/submit-app/utils/validation';

export type SetValue = <K extends keyof WizardValues>(
  key: K,
  value: WizardValues[K] | ((previous: WizardValues[K]) => WizardValues[K]),
) => void;

/** What every step receives: the values, a setter, the errors to show now, and blur tracking. */
export interface StepProps {
  values: WizardValues;
  set: SetValue;
  errors: FieldErrors;
  touch: (key: keyof WizardValues) => void;
  /** Set in edit mode: uploads are filed under the existing app. */
  appId?: string;
}
