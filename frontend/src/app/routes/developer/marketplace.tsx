import { LuStore } from 'react-icons/lu';
import { ButtonLink } from '../../../components/ui/links';
import { PageHeader } from '../../../components/ui/page-header';
import { PlaceholderPanel } from '../../../components/ui/placeholder-panel';
import { paths } from '../../../config/paths';

/** Developer view of the marketplace (placeholder): links out to the public marketplace. */
export default function DeveloperMarketplaceRoute() {
  return (
    <>
      <PageHeader title="Marketplace" description="How your public apps appear to dental practices." />
      <PlaceholderPanel
        title="Your marketplace listings"
        action={
          <ButtonLink to={paths.home} colorPalette="brand">
            <LuStore /> Open the marketplace
          </ButtonLink>
        }
      >
        Listing status and marketplace performance for your public apps will be shown here.
      </PlaceholderPanel>
    </>
  );
}
