import { useDocumentTitle } from '@/components/ui/use-document-title';
import { VerifyEmailResult } from '@/features/auth/components/verify-email-result';

export default function VerifyEmailRoute() {
  useDocumentTitle('Verify Email');
  return <VerifyEmailResult />;
}
