import { LIMITS } from '../../../../../shared/constants';
import { PageHeader } from '../../../components/ui/page-header';
import { PlaceholderPanel } from '../../../components/ui/placeholder-panel';

/** Placeholder until the API key screen is built. */
export default function ApiKeysRoute() {
  return (
    <>
      <PageHeader
        title="API Keys"
        description={`Staging keys are active at once (${LIMITS.stagingDailyLimit} requests per day); production keys (${LIMITS.productionDailyLimit.toLocaleString('en-US')} per day) need admin approval.`}
      />
      <PlaceholderPanel title="Key management is on its way">
        Creating, rotating and deleting staging and production keys will be available here shortly.
      </PlaceholderPanel>
    </>
  );
}
