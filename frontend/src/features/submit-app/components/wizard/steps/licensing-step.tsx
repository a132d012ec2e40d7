import { Box, Code, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import type { LicensingType } from '@shared/constants';
import { LuKeyRound, LuMail, LuTag, LuWebhook } from 'react-icons/lu';
import { type RadioCardChoice, RadioCardGroup } from '@/components/ui/radio-card-group';
import { parseLicenseKeys } from '@/features/submit-app/utils/wizard-values';
import { FormField, TextField } from '../fields';
import type { StepProps } from '../step-props';

export const LICENSING_OPTIONS: RadioCardChoice<LicensingType>[] = [
  {
    value: 'manual',
    title: 'Manual delivery',
    description: 'You send access details to each buyer yourself, within 24 hours.',
    icon: <LuMail />,
  },
  {
    value: 'key_pool',
    title: 'License key pool',
    description: 'Upload keys in advance; each buyer receives the next one instantly.',
    icon: <LuKeyRound />,
  },
  {
    value: 'universal_code',
    title: 'Universal access code',
    description: 'Every buyer receives the same access code.',
    icon: <LuTag />,
  },
  {
    value: 'webhook',
    title: 'Your licence webhook',
    description: 'We call your endpoint at purchase; it answers with a fresh key.',
    icon: <LuWebhook />,
  },
];

const REQUEST_EXAMPLE = `{
  "purchase_id": "pur_123",
  "customer_email": "dr.lee@example.com",
  "customer_name": "Dr. Lee",
  "app_id": "app_456",
  "timestamp": "2025-03-05T12:00:00Z"
}`;
const RESPONSE_EXAMPLE = `{
  "license_key": "ABCD-1234-EFGH",
  "expires_at": "2026-03-05T12:00:00Z"
}`;

const EXAMPLES = [
  { title: 'We send', body: REQUEST_EXAMPLE },
  { title: 'You answer', body: RESPONSE_EXAMPLE },
];

/** Step 5: how buyers get access, with the chosen type's requirement (section 5). */
export function LicensingStep(props: StepProps) {
  const { values, set, errors, touch } = props;
  const keyCount = parseLicenseKeys(values.license_keys).length;
  return (
    <Stack gap="6">
      <RadioCardGroup
        label="Licensing Type"
        labelProps={{ fontWeight: 'medium' }}
        value={values.licensing_type}
        onChange={(type) => set('licensing_type', type)}
        choices={LICENSING_OPTIONS}
        columns={{ base: 1, md: 2 }}
        colorPalette="brand"
        size="sm"
      />

      {values.licensing_type === 'manual' && (
        <TextField
          {...props}
          name="licensing_instructions"
          label="Licensing Instructions"
          required
          rows={4}
          placeholder="What buyers should expect, e.g. 'We e-mail your login within one business day.'"
          helper="Shown to buyers after purchase."
        />
      )}

      {values.licensing_type === 'key_pool' && (
        <FormField
          label="License Keys"
          required
          error={errors.license_keys}
          counter={
            <Text as="span" fontSize="xs" color="fg.muted" data-testid="license-key-count">
              {keyCount} {keyCount === 1 ? 'key' : 'keys'}
            </Text>
          }
          helper="One key per line. Blank lines are ignored."
        >
          <Textarea
            name="license_keys"
            rows={8}
            fontFamily="mono"
            fontSize="sm"
            placeholder={'KEY-0001\nKEY-0002\nKEY-0003'}
            value={values.license_keys}
            onChange={(e) => set('license_keys', e.target.value)}
            onBlur={() => touch('license_keys')}
          />
        </FormField>
      )}

      {values.licensing_type === 'universal_code' && (
        <TextField
          {...props}
          name="universal_access_code"
          label="Universal Access Code"
          required
          placeholder="e.g. SMILE-2025"
        />
      )}

      {values.licensing_type === 'webhook' && (
        <Stack gap="4">
          <TextField
            {...props}
            name="webhook_license_url"
            label="License Webhook URL"
            required
            type="url"
            placeholder="https://api.example.com/licenses"
          />
          <Box borderWidth="1px" borderRadius="lg" p="4" bg="bg.subtle" fontSize="sm">
            <Text fontWeight="semibold" mb="2">
              How the licence webhook works
            </Text>
            <Text color="fg.muted" mb="3">
              When a practice buys your app we send a <Code>POST</Code> to this URL with <Code>purchase_id</Code>,{' '}
              <Code>customer_email</Code>, <Code>customer_name</Code>, <Code>app_id</Code> and <Code>timestamp</Code>.
              Answer with the <Code>license_key</Code> to deliver and its <Code>expires_at</Code>.
            </Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              {EXAMPLES.map((example) => (
                <Box key={example.title}>
                  <Text fontSize="xs" fontWeight="medium" mb="1">
                    {example.title}
                  </Text>
                  <Code as="pre" display="block" p="3" fontSize="xs" whiteSpace="pre" overflowX="auto">
                    {example.body}
                  </Code>
                </Box>
              ))}
            </SimpleGrid>
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
