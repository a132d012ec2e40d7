import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  COMPANY_SIZES,
  LIMITS,
  PRICE_PERIODS,
  PRICING_MODELS,
  type PricePeriod,
  type PricingModel,
} from '@shared/constants';
import { currentYear } from '@/features/submit-app/utils/validation';
import { SelectField, TextField } from '../fields';
import { ListSlots } from '../list-slots';
import type { StepProps } from '../step-props';

export const PRICING_LABELS: Record<PricingModel, string> = {
  free: 'Free',
  freemium: 'Freemium',
  one_time: 'One-time purchase',
  subscription: 'Subscription',
  usage_based: 'Usage-based',
};

export const PERIOD_LABELS: Record<PricePeriod, string> = {
  monthly: 'Monthly',
  yearly: 'Yearly',
  per_user_monthly: 'Per user / month',
  per_location: 'Per location',
};

const SIZE_OPTIONS = COMPANY_SIZES.map((size) => ({ value: size, label: `${size} employees` }));
const PRICING_OPTIONS = PRICING_MODELS.map((model) => ({ value: model, label: PRICING_LABELS[model] }));
const PERIOD_OPTIONS = PRICE_PERIODS.map((period) => ({ value: period, label: PERIOD_LABELS[period] }));

/** Step 4: the company (name required, size, founded year 1900..now, audience, USPs) and pricing. */
export function CompanyPricingStep(props: StepProps) {
  const { values } = props;
  const free = values.pricing_model === 'free';
  return (
    <Stack gap="8">
      <Box as="section" aria-labelledby="company-heading">
        <Heading as="h3" id="company-heading" size="sm" mb="4">
          Company
        </Heading>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <TextField
              {...props}
              name="company_name"
              label="Company Name"
              required
              placeholder="e.g. Bright Smiles Software"
            />
            <SelectField
              {...props}
              name="company_size"
              label="Company Size"
              placeholder="Select a size"
              options={SIZE_OPTIONS}
            />
            <TextField
              {...props}
              name="founded_year"
              label="Founded Year"
              type="number"
              placeholder={String(currentYear())}
              inputProps={{ min: LIMITS.foundedYearMin, max: currentYear(), step: 1, inputMode: 'numeric' }}
            />
            <TextField
              {...props}
              name="target_audience"
              label="Target Audience"
              placeholder="e.g. Multi-location group practices"
            />
          </SimpleGrid>
          <ListSlots
            {...props}
            name="unique_selling_points"
            legend="Unique Selling Points"
            helper="What sets you apart."
            itemLabel="Unique selling point"
            addLabel="Add selling point"
          />
        </Stack>
      </Box>

      <Box as="section" aria-labelledby="pricing-heading">
        <Heading as="h3" id="pricing-heading" size="sm" mb="4">
          Pricing
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <SelectField {...props} name="pricing_model" label="Pricing Model" required options={PRICING_OPTIONS} />
          {free ? (
            <Box alignSelf="end" p="3" bg="green.50" color="green.800" borderRadius="md" fontSize="sm">
              Listed as <strong>Free</strong>: buyers get a licence at no cost.
            </Box>
          ) : (
            <TextField
              {...props}
              name="price"
              label="Price (USD)"
              required
              type="number"
              placeholder="0.00"
              helper="In dollars, e.g. 49.99."
              inputProps={{ min: 0, step: 0.01, inputMode: 'decimal' }}
            />
          )}
          {values.pricing_model === 'subscription' && (
            <SelectField {...props} name="price_period" label="Billing Period" required options={PERIOD_OPTIONS} />
          )}
          {/* Checkout gives a trial to subscriptions only, so only they can offer one. */}
          {values.pricing_model === 'subscription' && (
            <TextField
              {...props}
              name="free_trial_days"
              label="Free Trial Days"
              type="number"
              placeholder="0"
              helper="Leave empty for no trial."
              inputProps={{ min: 0, step: 1, inputMode: 'numeric' }}
            />
          )}
        </SimpleGrid>
        <Box mt="5">
          <TextField
            {...props}
            name="refund_policy"
            label="Refund Policy"
            rows={3}
            placeholder="e.g. Full refund within 30 days, no questions asked."
          />
        </Box>
        {!free && (
          <Text fontSize="xs" color="fg.muted" mt="3">
            A {LIMITS.platformFeePercent}% platform fee applies to paid app transactions.
          </Text>
        )}
      </Box>
    </Stack>
  );
}
