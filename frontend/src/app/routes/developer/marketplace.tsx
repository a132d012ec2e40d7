import { DeveloperMarketplace } from '@/features/developer-apps/components/developer-marketplace';

/** /dashboard/marketplace (inside the developer layout). */
export default function DeveloperMarketplaceRoute() {
  return <DeveloperMarketplace />;
}
