import { List, Text } from '@chakra-ui/react';
import { LIMITS } from '@shared/constants';
import { SITE } from '@/components/brand/site';
import { ContentPage, ProseSection } from '@/components/layouts/content-page';
import { AppLink } from '@/components/ui/links';
import { paths } from '@/config/paths';
import { formatCount } from '@/utils/format';

export default function TermsRoute() {
  return (
    <ContentPage eyebrow="Legal" title="Terms of Service" lead="Last updated: January 15, 2025">
      <ProseSection title="1. Agreement">
        <Text>
          These Terms of Service govern your use of the {SITE.ecosystemTitle} (the "Platform"), including the app
          marketplace, the developer portal and the APIs operated by {SITE.company} ("we", "us"). By creating an
          account, purchasing a licence or using the APIs you agree to these terms. If you use the Platform on behalf of
          a dental practice or a company, you confirm that you may bind it to these terms.
        </Text>
      </ProseSection>

      <ProseSection title="2. Accounts">
        <Text>
          You are responsible for the accuracy of your account details and for keeping your password and API keys
          confidential. New developer accounts are reviewed by our team; production API access is granted only after
          approval. We may suspend an account that puts practices, patients or the Platform at risk.
        </Text>
      </ProseSection>

      <ProseSection title="3. Marketplace purchases and licences">
        <Text>
          Practices acquire licences to apps listed by independent developers. Unless stated otherwise on the app page,
          the developer, not {SITE.company}, provides the app, its support and its updates.
        </Text>
        <Text>
          After a successful purchase, the licence key or access details are sent to the buyer's e-mail address. Licence
          e-mails are expected within 24 to 48 hours; most arrive within minutes. Apps that deliver access manually send
          details within 24 hours. Your purchases and licence keys are also listed on your purchases page.
        </Text>
      </ProseSection>

      <ProseSection title="4. Fees and payments">
        <Text>
          Payments are processed by our card payment provider through a hosted, secure checkout; we never see or store
          your full card number. Prices are shown in US dollars, with the billing period for subscriptions.
        </Text>
        <Text>
          {SITE.company} charges developers a platform fee of {LIMITS.platformFeePercent}% on paid app transactions. The
          fee is deducted from each sale before payout. Free apps carry no fee.
        </Text>
      </ProseSection>

      <ProseSection title="5. Refunds">
        <Text>
          Paid licences come with a {LIMITS.moneyBackDays}-day money-back guarantee. To request a refund, contact{' '}
          {SITE.supportEmail} within {LIMITS.moneyBackDays} days of purchase with your order details. Developers may
          publish a more generous refund policy on their app page.
        </Text>
      </ProseSection>

      <ProseSection title="6. Developer obligations">
        <List.Root ps="5" gap="2">
          <List.Item>Describe your app accurately, including pricing, features and system requirements.</List.Item>
          <List.Item>
            Public apps are reviewed before they appear in the marketplace; reviews take 3 to 5 business days. Edits to
            an approved listing apply immediately and remain subject to these terms.
          </List.Item>
          <List.Item>
            Deliver licences as configured (key pool, universal code, licence webhook or manual delivery) and keep your
            licence webhook available.
          </List.Item>
          <List.Item>
            Comply with the laws that apply to your app, including health-privacy laws such as HIPAA where your app
            handles patient information. Do not send protected health information to the Platform's APIs or webhooks.
          </List.Item>
        </List.Root>
      </ProseSection>

      <ProseSection title="7. API use">
        <Text>
          Staging keys are limited to {formatCount(LIMITS.stagingDailyLimit)} requests per day and production keys to{' '}
          {formatCount(LIMITS.productionDailyLimit)} requests per day. Do not share keys, attempt to access data that is
          not yours, or disrupt the service. We may rotate or revoke a key that is exposed or misused.
        </Text>
      </ProseSection>

      <ProseSection title="8. Intellectual property">
        <Text>
          Developers keep all rights in their apps and grant us a licence to display their listing, name and logo in the
          marketplace. The Platform, its design and its APIs remain our property.
        </Text>
      </ProseSection>

      <ProseSection title="9. Disclaimers and liability">
        <Text>
          The Platform is provided "as is". Apps are not medical devices unless their developer says so, and they do not
          replace professional clinical judgement. To the extent the law allows, our total liability for any claim is
          limited to the fees you paid us in the twelve months before the claim.
        </Text>
      </ProseSection>

      <ProseSection title="10. Changes and contact">
        <Text>
          We may update these terms; we will notify registered users of material changes by e-mail before they take
          effect. Questions: {SITE.supportEmail} or {SITE.supportPhone}. See also our{' '}
          <AppLink to={paths.privacy}>Privacy Policy</AppLink>.
        </Text>
      </ProseSection>
    </ContentPage>
  );
}
