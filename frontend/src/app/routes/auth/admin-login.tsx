import { AdminLoginForm } from '@/features/auth/components/admin-login-form';
import { SignInPage } from './sign-in-page';

export default function AdminLoginRoute() {
  return (
    <SignInPage title="Admin Sign In" needed="an admin">
      <AdminLoginForm />
    </SignInPage>
  );
}
