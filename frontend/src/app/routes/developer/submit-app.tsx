import { PageHeader } from '../../../components/ui/page-header';
import { PlaceholderPanel } from '../../../components/ui/placeholder-panel';

/** Placeholder until the submission wizard and quick form are built. */
export default function SubmitAppRoute() {
  return (
    <>
      <PageHeader
        title="Submit App"
        description="List your app in the marketplace. Reviews take 3 to 5 business days."
      />
      <PlaceholderPanel title="The submission wizard is coming soon">
        A six-step wizard (basics, media, features, pricing, licensing, review) and a quick-create form will live here.
      </PlaceholderPanel>
    </>
  );
}
