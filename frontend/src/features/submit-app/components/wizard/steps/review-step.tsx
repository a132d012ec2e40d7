import {
  Box,
  Button,
  Checkbox,
  DataList,
  Heading,
  HStack,
  Image,
  Link,
  List,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { LIMITS } from '@shared/constants';
import type { ReactNode } from 'react';
import { LuPencil } from 'react-icons/lu';
import { AppIcon } from '@/components/ui/app-icon';
import { paths } from '@/config/paths';
import { parseLicenseKeys } from '@/features/submit-app/utils/wizard-values';
import type { StepProps } from '../step-props';
import { PERIOD_LABELS, PRICING_LABELS } from './company-pricing-step';
import { LICENSING_OPTIONS } from './licensing-step';

const none = (
  <Text as="span" color="fg.subtle">
    Not provided
  </Text>
);
const orNone = (value: string | null | undefined) => (value?.trim() ? value : none);
const listOrNone = (items: string[]) => {
  const filled = items.map((i) => i.trim()).filter(Boolean);
  return filled.length ? (
    <List.Root ps="4" gap="0.5">
      {filled.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List.Root>
  ) : (
    none
  );
};

function Section({
  title,
  step,
  onEdit,
  children,
}: {
  title: string;
  step: number;
  onEdit: (step: number) => void;
  children: ReactNode;
}) {
  return (
    <Box as="section" borderWidth="1px" borderRadius="lg" p="4" aria-label={`Review: ${title}`}>
      <HStack justify="space-between" mb="3">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
        <Button
          size="xs"
          variant="ghost"
          colorPalette="brand"
          onClick={() => onEdit(step)}
          aria-label={`Edit ${title}`}
        >
          <LuPencil /> Edit
        </Button>
      </HStack>
      <DataList.Root orientation="horizontal" size="sm" gap="2">
        {children}
      </DataList.Root>
    </Box>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item alignItems="flex-start">
      <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
      <DataList.ItemValue wordBreak="break-word" whiteSpace="pre-line">
        {children}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

/** The declaration in one line: "2 features, 1 event type; signs a BAA". */
function permissionsSummary(v: StepProps['values'], editing: boolean): ReactNode {
  const draft = v.data_access;
  if (!draft) return editing ? 'Unchanged' : none;
  const features = Object.values(draft.modes).filter((m) => m !== 'none').length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(features, 'feature')}, ${plural(draft.event_types.length, 'event type')}; ${draft.baa_signed ? 'signs a BAA' : 'no BAA'}`;
}

/** Step 6: everything at a glance, each section editable, and the terms confirmation. */

export function ReviewStep({ values: v, set, errors, onEdit, appId }: StepProps & { onEdit: (step: number) => void }) {
  const licensing = LICENSING_OPTIONS.find((o) => o.value === v.licensing_type);
  const keys = parseLicenseKeys(v.license_keys).length;
  const price =
    v.pricing_model === 'free'
      ? 'Free'
      : `$${Number(v.price || 0).toFixed(2)}${v.pricing_model === 'subscription' ? ` / ${PERIOD_LABELS[v.price_period]}` : ''}`;

  return (
    <Stack gap="4">
      <Section title="Basics" step={1} onEdit={onEdit}>
        <Row label="App Name">{orNone(v.name)}</Row>
        <Row label="Tagline">{orNone(v.tagline)}</Row>
        <Row label="Short Description">{orNone(v.short_description)}</Row>
        <Row label="Category">{orNone(v.category)}</Row>
        <Row label="Tags">{v.tags.length ? v.tags.join(', ') : none}</Row>
        <Row label="Full Description">
          <Text lineClamp={4}>{orNone(v.long_description)}</Text>
        </Row>
      </Section>

      <Section title="Media & Links" step={2} onEdit={onEdit}>
        <Row label="Icon">
          <AppIcon name={v.name || 'App'} src={v.icon_url || null} size={40} />
        </Row>
        <Row label="Screenshots">
          {v.screenshots.length ? (
            <Wrap gap="2">
              {v.screenshots.map((url, i) => (
                <Image
                  key={url}
                  src={url}
                  alt={`Screenshot ${i + 1} preview`}
                  h="12"
                  w="20"
                  objectFit="cover"
                  borderRadius="sm"
                />
              ))}
            </Wrap>
          ) : (
            none
          )}
        </Row>
        <Row label="Website">{orNone(v.website_url)}</Row>
        <Row label="Demo">{orNone(v.demo_url)}</Row>
        <Row label="Documentation">{orNone(v.documentation_url)}</Row>
        <Row label="Support">{orNone(v.support_url)}</Row>
        <Row label="Demo Video">{orNone(v.demo_video_url)}</Row>
        <Row label="Privacy Policy">{orNone(v.privacy_policy_url)}</Row>
        <Row label="Terms of Service">{orNone(v.terms_url)}</Row>
        <Row label="Logo">{orNone(v.logo_url)}</Row>
      </Section>

      <Section title="Features" step={3} onEdit={onEdit}>
        <Row label="Key Features">{listOrNone(v.key_features)}</Row>
        <Row label="Use Cases">{listOrNone(v.use_cases)}</Row>
        <Row label="Integrations">{v.integrations.length ? v.integrations.join(', ') : none}</Row>
        <Row label="Permissions">{permissionsSummary(v, Boolean(appId))}</Row>
      </Section>

      <Section title="Company & Pricing" step={4} onEdit={onEdit}>
        <Row label="Company">{orNone(v.company_name)}</Row>
        <Row label="Company Size">{orNone(v.company_size)}</Row>
        <Row label="Founded">{orNone(v.founded_year)}</Row>
        <Row label="Target Audience">{orNone(v.target_audience)}</Row>
        <Row label="Selling Points">{listOrNone(v.unique_selling_points)}</Row>
        <Row label="Pricing Model">{PRICING_LABELS[v.pricing_model]}</Row>
        <Row label="Price">{price}</Row>
        {v.pricing_model === 'subscription' && (
          <Row label="Free Trial">{v.free_trial_days.trim() ? `${v.free_trial_days} days` : none}</Row>
        )}
        <Row label="Refund Policy">{orNone(v.refund_policy)}</Row>
      </Section>

      <Section title="Licensing" step={5} onEdit={onEdit}>
        <Row label="Licensing Type">{licensing?.title ?? v.licensing_type}</Row>
        {v.licensing_type === 'manual' && <Row label="Instructions">{orNone(v.licensing_instructions)}</Row>}
        {v.licensing_type === 'key_pool' && <Row label="License Keys">{`${keys} ${keys === 1 ? 'key' : 'keys'}`}</Row>}
        {v.licensing_type === 'universal_code' && <Row label="Access Code">{orNone(v.universal_access_code)}</Row>}
        {v.licensing_type === 'webhook' && <Row label="Webhook URL">{orNone(v.webhook_license_url)}</Row>}
      </Section>

      <Box
        borderWidth="1px"
        borderColor={errors.terms_accepted ? 'red.300' : 'brand.200'}
        bg="brand.subtle"
        borderRadius="lg"
        p="4"
      >
        <Checkbox.Root
          checked={v.terms_accepted}
          onCheckedChange={(e) => set('terms_accepted', e.checked === true)}
          colorPalette="brand"
          alignItems="flex-start"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label fontWeight="medium">
            I confirm this listing is accurate and I agree to the Terms of Service
          </Checkbox.Label>
        </Checkbox.Root>
        <Text fontSize="sm" color="fg.muted" mt="2" ms="7">
          Read the{' '}
          <Link href={paths.terms} target="_blank" rel="noopener noreferrer" color="brand.fg" fontWeight="medium">
            Terms of Service
          </Link>
          . Our team reviews submissions within 3 to 5 business days; edits apply immediately. A{' '}
          {LIMITS.platformFeePercent}% platform fee applies to paid app transactions.
        </Text>
      </Box>
    </Stack>
  );
}
