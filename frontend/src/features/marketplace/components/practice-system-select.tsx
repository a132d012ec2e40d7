import { NativeSelect } from '@chakra-ui/react';
import { PRACTICE_SYSTEMS } from '../../../../../shared/practice-systems';
import { useEarlyEntry } from '../../../components/ui/use-early-entry';

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
    <NativeSelect.Root size={size} w={{ base: 'full', md: '64' }}>
      <NativeSelect.Field
        ref={ref}
        aria-label="Practice system"
        value={known ? value : ''}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">All Practice Systems</option>
        {PRACTICE_SYSTEMS.map((s) => (
          <option key={s.value} value={s.value}>
            {`Works with ${s.label}`}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
