import { LoginForm } from '@/features/auth/components/login-form';
import { SignInPage } from './sign-in-page';

export default function LoginRoute() {
  return (
    <SignInPage title="Sign In" needed="a developer">
      <LoginForm />
    </SignInPage>
  );
}
