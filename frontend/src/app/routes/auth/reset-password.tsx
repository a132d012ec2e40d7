import { useDocumentTitle } from '@/components/ui/use-document-title';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

export default function ResetPasswordRoute() {
  useDocumentTitle('Reset Password');
  return <ResetPasswordForm />;
}
