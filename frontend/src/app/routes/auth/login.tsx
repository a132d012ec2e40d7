import { useDocumentTitle } from '@/components/ui/use-document-title';
import { LoginForm } from '@/features/auth/components/login-form';
import { SwitchAccountNotice } from './switch-account-notice';

export default function LoginRoute() {
  useDocumentTitle('Sign In');
  return (
    <>
      <SwitchAccountNotice needed="a developer" />
      <LoginForm />
    </>
  );
}
