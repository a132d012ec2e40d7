import { useDocumentTitle } from '@/components/ui/use-document-title';
import { PortalLanding } from '@/features/portal/components/portal-landing';

export default function PortalRoute() {
  useDocumentTitle('Developer Portal');
  return <PortalLanding />;
}
