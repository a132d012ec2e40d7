/**
 * Practice-management systems an app can declare it works with ("Works with your
 * practice system"). Defined once: the API validates against the values, the wizard, the quick
 * form, the marketplace filter and the badges show the labels.
 */
export const PRACTICE_SYSTEMS = [
  { value: 'open_dental', label: 'Open Dental' },
  { value: 'dentrix', label: 'Dentrix' },
  { value: 'dentrix_ascend', label: 'Dentrix Ascend' },
  { value: 'eaglesoft', label: 'Eaglesoft' },
  { value: 'denticon', label: 'Denticon' },
  { value: 'curve_dental', label: 'Curve Dental' },
  { value: 'carestack', label: 'CareStack' },
  { value: 'tab32', label: 'tab32' },
  { value: 'carestream_sensei', label: 'Carestream/Sensei' },
  { value: 'oryx', label: 'Oryx' },
  { value: 'other', label: 'Other' },
] as const;

export type PracticeSystem = (typeof PRACTICE_SYSTEMS)[number]['value'];

export const PRACTICE_SYSTEM_VALUES = PRACTICE_SYSTEMS.map((s) => s.value) as [PracticeSystem, ...PracticeSystem[]];

const LABELS = new Map<string, string>(PRACTICE_SYSTEMS.map((s) => [s.value, s.label]));

/** The label of a system value ("open_dental" -> "Open Dental"); unknown values are shown as they are. */
export const practiceSystemLabel = (value: string): string => LABELS.get(value) ?? value;

/** Declared systems in the catalogue's order, duplicates and unknown values dropped. */
export function orderPracticeSystems(values: readonly string[]): PracticeSystem[] {
  const set = new Set(values);
  return PRACTICE_SYSTEM_VALUES.filter((v) => set.has(v));
}
