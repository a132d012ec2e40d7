import { LuPlus } from 'react-icons/lu';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { VerifyEmailBanner } from '@/features/auth/components/verify-email-banner';
import { PendingLicencesNotice } from '@/features/developer-apps/components/pending-licences-notice';
import { DashboardOverview } from '@/features/portal/components/dashboard-overview';

export default function DeveloperDashboardRoute() {
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your apps, keys and webhooks at a glance."
        links={[{ to: paths.submitApp, icon: LuPlus, label: 'Submit App', look: 'primary' }]}
      />
      <VerifyEmailBanner />
      <PendingLicencesNotice />
      <DashboardOverview />
    </>
  );
}
