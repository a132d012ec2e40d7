import { Box, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LIMITS } from '@shared/constants';
import type { ReactNode } from 'react';
import { LuBookOpen, LuClock, LuMail, LuPhone } from 'react-icons/lu';
import { DOCS_URL, SITE } from '@/components/brand/site';
import { ContentPage } from '@/components/layouts/content-page';
import { AppLink } from '@/components/ui/links';
import { panelStyle } from '@/components/ui/surfaces';
import { paths } from '@/config/paths';

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Stack {...panelStyle} p="6" gap="2">
      <Box color="brand.fg" fontSize="2xl">
        {icon}
      </Box>
      <Heading as="h2" size="md">
        {title}
      </Heading>
      <Box color="gray.700">{children}</Box>
    </Stack>
  );
}

const faqs: { q: string; a: ReactNode }[] = [
  {
    q: "I bought an app but haven't received my licence.",
    a: 'Licence e-mails usually arrive within minutes and at the latest within 24 to 48 hours. Check your spam folder and your purchases page; if it is still missing, write to us with your order date and the app name.',
  },
  {
    q: 'Can I get a refund?',
    a: `Yes. Paid licences have a ${LIMITS.moneyBackDays}-day money-back guarantee. Contact us within ${LIMITS.moneyBackDays} days of purchase.`,
  },
  {
    q: 'When will my developer account or app be approved?',
    a: 'We review new developer accounts and public app submissions in 3 to 5 business days and e-mail you when it is done.',
  },
  {
    q: 'How do I get a production API key?',
    a: 'Create a production key on the API Keys page of the developer portal. It becomes active once your account is approved for production.',
  },
];

/** Help center: how to reach support, and answers to the common questions. */
export default function SupportRoute() {
  return (
    <ContentPage
      eyebrow="Help Center"
      title="How can we help?"
      lead="Our team supports dental practices and developers using the marketplace."
      maxW="5xl"
    >
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" mb="12">
        <ContactCard icon={<LuMail />} title="E-mail">
          <Link href={`mailto:${SITE.supportEmail}`} color="brand.fg" fontWeight="medium">
            {SITE.supportEmail}
          </Link>
          <Text fontSize="sm" mt="1">
            We reply within one business day.
          </Text>
        </ContactCard>
        <ContactCard icon={<LuPhone />} title="Phone">
          <Link href={SITE.supportPhoneHref} color="brand.fg" fontWeight="medium">
            {SITE.supportPhone}
          </Link>
          <HStack fontSize="sm" mt="1" gap="1.5">
            <LuClock />
            <Text>{SITE.supportHours}</Text>
          </HStack>
        </ContactCard>
        <ContactCard icon={<LuBookOpen />} title="Developers">
          <Text fontSize="sm">
            Integration questions are often answered in the{' '}
            <Link href={DOCS_URL} color="brand.fg" fontWeight="medium">
              API documentation
            </Link>
            .
          </Text>
        </ContactCard>
      </SimpleGrid>

      <Heading as="h2" size="xl" mb="5">
        Frequently asked questions
      </Heading>
      <Stack gap="4">
        {faqs.map((f) => (
          <Box key={f.q} {...panelStyle} p="5">
            <Text fontWeight="semibold" mb="1.5">
              {f.q}
            </Text>
            <Text color="gray.700">{f.a}</Text>
          </Box>
        ))}
      </Stack>
      <Text mt="8" fontSize="sm" color="gray.600">
        Please don't include patient information in support requests. See our{' '}
        <AppLink to={paths.terms}>Terms of Service</AppLink> and <AppLink to={paths.privacy}>Privacy Policy</AppLink>.
      </Text>
    </ContentPage>
  );
}
