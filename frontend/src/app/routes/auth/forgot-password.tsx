import { useDocumentTitle } from '@/components/ui/use-document-title';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  useDocumentTitle('Forgot Password');
  return <ForgotPasswordForm />;
}
