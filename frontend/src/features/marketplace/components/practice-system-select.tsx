import { PRACTICE_SYSTEMS } from '@shared/practice-systems';
import { NativeSelectField } from '@/components/ui/native-select-field';
import { useEarlyEntry } from '@/components/ui/use-early-entry';

const OPTIONS = PRACTICE_SYSTEMS.map((s) => ({ value: s.value, label: `Works with ${s.label}` }));

/** The marketplace's "works with" filter, beside the category filter (value: a system, or '' for all). */
export function PracticeSystemSelect({
  value,
  onChange,
  size = 'lg',
}: {
  value: string;
  onChange: (value: string) => void;
  size?: 'md' | 'lg';
}) {
  const known = PRACTICE_SYSTEMS.some((s) => s.value === value);
  const ref = useEarlyEntry<HTMLSelectElement>(known ? value : '', onChange);
  return (
    <NativeSelectField
      root={{ size, w: { base: 'full', md: '64' } }}
      ref={ref}
      aria-label="Practice system"
      value={known ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      placeholder="All Practice Systems"
      options={OPTIONS}
    />
  );
}
