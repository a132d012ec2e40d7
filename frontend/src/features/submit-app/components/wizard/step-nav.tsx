import { Box, chakra, Flex, Progress, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import { LuCheck } from 'react-icons/lu';
import { stickyBarStyle } from '@/components/ui/surfaces';
import { STEPS } from '@/features/submit-app/utils/validation';

/**
 * The sticky header of the wizard: six clickable step circles and a progress bar. A circle is
 * reachable when every step before it is valid (so Next's gate cannot be skipped).
 */
export function StepNav({
  current,
  isValid,
  isReachable,
  onSelect,
}: {
  current: number;
  isValid: (step: number) => boolean;
  isReachable: (step: number) => boolean;
  onSelect: (step: number) => void;
}) {
  const meta = STEPS[current - 1];
  return (
    <Box
      {...stickyBarStyle}
      // Below the dashboard's own sticky header (h 16), and under its menus.
      top="16"
      zIndex="docked"
      bg="gray.50/95"
      backdropFilter="blur(6px)"
      mx={{ base: '-4', md: '-8' }}
      px={{ base: '4', md: '8' }}
      py="3"
      mb="6"
    >
      <chakra.ol display="flex" alignItems="center" listStyleType="none" aria-label="Wizard steps" gap="0">
        {STEPS.map((step, index) => {
          const active = step.id === current;
          const done = step.id < current && isValid(step.id);
          const reachable = isReachable(step.id);
          return (
            <Fragment key={step.id}>
              {index > 0 && (
                <Box
                  as="li"
                  aria-hidden
                  flex="1"
                  h="2px"
                  mx="1"
                  minW="2"
                  bg={step.id <= current ? 'brand.400' : 'gray.200'}
                  transition="background 0.2s"
                />
              )}
              <Flex as="li" align="center" gap="2" flexShrink={0}>
                <chakra.button
                  type="button"
                  onClick={() => onSelect(step.id)}
                  disabled={!reachable}
                  aria-label={`Step ${step.id}: ${step.title}`}
                  aria-current={active ? 'step' : undefined}
                  w="9"
                  h="9"
                  borderRadius="full"
                  display="flex"
                  alignItems="center"
                  justifyContent="center"
                  fontWeight="semibold"
                  fontSize="sm"
                  borderWidth="2px"
                  transition="all 0.15s"
                  cursor={reachable ? 'pointer' : 'not-allowed'}
                  bg={active ? 'brand.solid' : done ? 'brand.subtle' : 'white'}
                  color={active ? 'white' : done ? 'brand.fg' : reachable ? 'gray.700' : 'gray.400'}
                  borderColor={active || done ? 'brand.solid' : 'gray.300'}
                  _hover={reachable && !active ? { borderColor: 'brand.400' } : undefined}
                  _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
                >
                  {done ? <LuCheck /> : step.id}
                </chakra.button>
                <Text
                  hideBelow="xl"
                  fontSize="sm"
                  fontWeight={active ? 'semibold' : 'medium'}
                  color={active ? 'gray.900' : 'gray.600'}
                  whiteSpace="nowrap"
                >
                  {step.title}
                </Text>
              </Flex>
            </Fragment>
          );
        })}
      </chakra.ol>
      <Flex mt="3" align="center" gap="3">
        <Text fontSize="sm" color="gray.700" whiteSpace="nowrap">
          <strong>
            Step {current} of {STEPS.length}
          </strong>
          <Text as="span" hideBelow="sm">
            {' '}
            · {meta?.title}: {meta?.hint}
          </Text>
        </Text>
        <Progress.Root
          value={Math.round(((current - 1) / (STEPS.length - 1)) * 100)}
          size="xs"
          colorPalette="brand"
          flex="1"
          aria-label="Wizard progress"
        >
          <Progress.Track borderRadius="full">
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Flex>
    </Box>
  );
}
