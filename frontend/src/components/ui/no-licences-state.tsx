import { MSG } from '@shared/messages';
import { LuShoppingBag } from 'react-icons/lu';
import { paths } from '@/config/paths';
import { EmptyState } from './empty-state';
import { ButtonLink } from './links';

/** The buyer has no licence yet (My Purchases, My Apps' purchased tab): MSG.noLicenses and the way to the marketplace. */
export function NoLicencesState() {
  return (
    <EmptyState
      icon={<LuShoppingBag />}
      title={MSG.noLicenses}
      description="Apps you license in the marketplace will appear here with their licence keys."
      action={
        <ButtonLink to={paths.home} colorPalette="brand">
          Browse Marketplace
        </ButtonLink>
      }
    />
  );
}
