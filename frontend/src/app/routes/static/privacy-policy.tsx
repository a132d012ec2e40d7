import { List, Text } from '@chakra-ui/react';
import { SITE } from '@/components/brand/site';
import { ContentPage, ProseSection } from '@/components/layouts/content-page';
import { AppLink } from '@/components/ui/links';
import { paths } from '@/config/paths';

export default function PrivacyPolicyRoute() {
  return (
    <ContentPage eyebrow="Legal" title="Privacy Policy" lead="Last updated: January 15, 2025">
      <ProseSection title="Our approach">
        <Text>
          {SITE.company} runs a marketplace and developer platform for dental-practice software. We collect only what we
          need to run accounts, sell licences and deliver API events, and we do not sell personal data.
        </Text>
      </ProseSection>

      <ProseSection title="No patient health information">
        <Text>
          The Platform is not designed to receive, store or transmit protected health information (PHI). We do not store
          patient records, and developers and practices must not submit patient data to our APIs, webhooks or support
          channels. Apps you buy here may process patient data inside your practice; that processing is governed by your
          agreement with the app's developer.
        </Text>
      </ProseSection>

      <ProseSection title="What we store">
        <List.Root ps="5" gap="2">
          <List.Item>
            <b>Account details:</b> name, e-mail address, company name, optional website, role and approval status.
            Passwords are stored only as salted hashes.
          </List.Item>
          <List.Item>
            <b>Purchases:</b> the app, amount, currency, dates, licence status and the licence key delivered to you.
            Card details are handled by our payment provider; we never receive your full card number.
          </List.Item>
          <List.Item>
            <b>Developer data:</b> app listings, API keys (shown in full only when created), webhook endpoints, and
            webhook delivery logs (event type, target URL, status code, response time).
          </List.Item>
          <List.Item>
            <b>Technical data:</b> API usage counts and security logs, kept to protect the service and enforce rate
            limits.
          </List.Item>
        </List.Root>
      </ProseSection>

      <ProseSection title="How we use it">
        <Text>
          To create and secure your account, process purchases and deliver licences, pay developers, provide support,
          and send service e-mails such as licence delivery and account approval. When you buy an app, the developer
          receives your name and e-mail address so they can deliver and support your licence.
        </Text>
      </ProseSection>

      <ProseSection title="Storage in your browser">
        <Text>
          The web app keeps your sign-in token and role in your browser's local storage so you stay signed in. Signing
          out removes them. We do not use advertising cookies. Google sign-in, when you choose it, loads Google's
          sign-in script on the sign-in page only.
        </Text>
      </ProseSection>

      <ProseSection title="Security and retention">
        <Text>
          Data is encrypted in transit and at rest, access is limited to staff who need it, and administrative actions
          are logged. We keep account and purchase records while your account is active and as long as required for tax
          and accounting; delivery logs are kept for a limited period.
        </Text>
      </ProseSection>

      <ProseSection title="Your choices">
        <Text>
          You can ask for a copy of your data, a correction or deletion of your account by writing to{' '}
          {SITE.privacyEmail}. We answer within 30 days. Questions about these terms can also go to {SITE.supportEmail}.
          See also our <AppLink to={paths.terms}>Terms of Service</AppLink>.
        </Text>
      </ProseSection>
    </ContentPage>
  );
}
