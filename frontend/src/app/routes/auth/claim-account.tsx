import { useDocumentTitle } from '@/components/ui/use-document-title';
import { ClaimAccountForm } from '@/features/auth/components/claim-account-form';

export default function ClaimAccountRoute() {
  useDocumentTitle('Create your practice account');
  return <ClaimAccountForm />;
}
