import { LuArrowLeft } from 'react-icons/lu';
import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../../components/ui/links';
import { PageHeader } from '../../../components/ui/page-header';
import { PlaceholderPanel } from '../../../components/ui/placeholder-panel';
import { paths } from '../../../config/paths';

/** Placeholder until the user detail screen is built. */
export default function AdminUserRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader
        title="User Details"
        description={`User ${id}`}
        actions={
          <ButtonLink to={paths.adminUsers} variant="outline">
            <LuArrowLeft /> All users
          </ButtonLink>
        }
      />
      <PlaceholderPanel>
        Profile, API keys and webhook logs of this user are coming in the next release.
      </PlaceholderPanel>
    </>
  );
}
