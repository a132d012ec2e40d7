import { useDocumentTitle } from '@/components/ui/use-document-title';
import { SignInWithLink } from '@/features/auth/components/sign-in-link';

export default function LoginLinkRoute() {
  useDocumentTitle('Sign In With Your Link');
  return <SignInWithLink />;
}
