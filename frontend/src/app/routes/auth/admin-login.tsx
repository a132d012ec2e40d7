import { useDocumentTitle } from '@/components/ui/use-document-title';
import { AdminLoginForm } from '@/features/auth/components/admin-login-form';
import { SwitchAccountNotice } from './switch-account-notice';

export default function AdminLoginRoute() {
  useDocumentTitle('Admin Sign In');
  return (
    <>
      <SwitchAccountNotice needed="an admin" />
      <AdminLoginForm />
    </>
  );
}
