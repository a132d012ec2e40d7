import { useDocumentTitle } from '@/components/ui/use-document-title';
import { SignupForm } from '@/features/auth/components/signup-form';

export default function SignupRoute() {
  useDocumentTitle('Sign Up');
  return <SignupForm />;
}
