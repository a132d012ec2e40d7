import { List } from '@chakra-ui/react';
import { listSlotRecipe } from '@chakra-ui/react/theme';
import { LuCircleCheck } from 'react-icons/lu';
import { addSlotRecipes } from '@/components/ui/system';

// Beyond the design system's own recipes (system.ts): added when this module loads.
addSlotRecipes({ list: listSlotRecipe });

/** A checked list (key features, use cases, integrations); blank entries are skipped. */
export function FeatureList({ items }: { items: readonly string[] }) {
  return (
    <List.Root gap="2.5" variant="plain">
      {items
        .filter((item) => item.trim())
        .map((item) => (
          <List.Item key={item} alignItems="flex-start">
            <List.Indicator asChild color="green.700" mt="1">
              <LuCircleCheck />
            </List.Indicator>
            {item}
          </List.Item>
        ))}
    </List.Root>
  );
}
