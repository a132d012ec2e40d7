import { LuPlus, LuSend } from 'react-icons/lu';
import { ButtonLink } from '../../../components/ui/links';
import { PageHeader } from '../../../components/ui/page-header';
import { PlaceholderPanel } from '../../../components/ui/placeholder-panel';
import { paths } from '../../../config/paths';

/** Placeholder until My Apps is built. */
export default function MyAppsRoute() {
  return (
    <>
      <PageHeader
        title="My Apps"
        description="Apps you created and apps you purchased."
        actions={
          <>
            <ButtonLink to={paths.quickCreate} variant="outline">
              <LuPlus /> Quick Create
            </ButtonLink>
            <ButtonLink to={paths.submitApp} colorPalette="brand">
              <LuSend /> Submit to Marketplace
            </ButtonLink>
          </>
        }
      />
      <PlaceholderPanel title="Your apps will appear here">
        App management, analytics and webhook tools for each app are coming in the next release.
      </PlaceholderPanel>
    </>
  );
}
