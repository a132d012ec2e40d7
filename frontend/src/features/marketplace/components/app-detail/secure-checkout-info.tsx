import { Box, HStack, List, Text } from '@chakra-ui/react';
import { listSlotRecipe } from '@chakra-ui/react/theme';
import { LIMITS } from '@shared/constants';
import type { ReactNode } from 'react';
import { LuCreditCard, LuLock, LuMail, LuShieldCheck } from 'react-icons/lu';
import { addSlotRecipes } from '@/components/ui/system';

// Beyond the design system's own recipes (system.ts): added when this module loads.
addSlotRecipes({ list: listSlotRecipe });

const POINTS: { icon: ReactNode; text: string }[] = [
  { icon: <LuLock />, text: 'Payments processed securely by Stripe' },
  { icon: <LuMail />, text: 'Instant license delivery by email' },
  { icon: <LuCreditCard />, text: 'Credit cards, Apple Pay and Google Pay accepted' },
  { icon: <LuShieldCheck />, text: `${LIMITS.moneyBackDays}-day money-back guarantee` },
];

/** Reassurance beside the buy button: who takes the payment and what happens after. */
export function SecureCheckoutInfo() {
  return (
    <Box as="aside" aria-label="Secure checkout" borderRadius="xl" bg="brand.50" p="5">
      <HStack gap="2" mb="3" color="brand.800">
        <LuShieldCheck aria-hidden />
        <Text fontWeight="semibold">Secure Checkout</Text>
      </HStack>
      <List.Root gap="2" variant="plain" fontSize="sm">
        {POINTS.map((point) => (
          <List.Item key={point.text} alignItems="center">
            <List.Indicator asChild color="brand.600">
              {point.icon}
            </List.Indicator>
            {point.text}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
