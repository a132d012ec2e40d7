import { useDocumentTitle } from '@/components/ui/use-document-title';
import { AppAccessByLink } from '@/features/purchases/components/app-access-link';

export default function AppAccessRoute() {
  useDocumentTitle('App access to your practice data');
  return <AppAccessByLink />;
}
