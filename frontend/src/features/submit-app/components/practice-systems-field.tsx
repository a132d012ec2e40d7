import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { PRACTICE_SYSTEMS } from '@shared/practice-systems';

/**
 * "Works with": the practice-management systems the app supports, as plain checkboxes (keyboard:
 * Tab and Space). Practices filter the marketplace by them; cards and the app page show them.
 */
export function PracticeSystemsField({
  values,
  onChange,
}: {
  values: readonly string[];
  onChange: (next: string[]) => void;
}) {
  const toggle = (value: string, on: boolean) => {
    const set = new Set(values);
    if (on) set.add(value);
    else set.delete(value);
    onChange(PRACTICE_SYSTEMS.map((s) => s.value).filter((v) => set.has(v)));
  };
  return (
    <Box as="fieldset">
      <Text as="legend" fontWeight="medium" fontSize="sm" mb="1">
        Works With (practice-management systems)
      </Text>
      <Text fontSize="sm" color="fg.muted" mb="3">
        Practices filter the marketplace by the system they run. Choose every one your app works with.
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="2">
        {PRACTICE_SYSTEMS.map((s) => (
          <Box as="label" key={s.value} display="flex" alignItems="center" gap="2" cursor="pointer" fontSize="sm">
            <input
              type="checkbox"
              name="practice_systems"
              value={s.value}
              checked={values.includes(s.value)}
              onChange={(e) => toggle(s.value, e.target.checked)}
            />
            {s.label}
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}
