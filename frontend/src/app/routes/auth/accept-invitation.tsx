import { useDocumentTitle } from '@/components/ui/use-document-title';
import { AcceptInvitationForm } from '@/features/auth/components/accept-invitation-form';

export default function AcceptInvitationRoute() {
  useDocumentTitle('Set your password');
  return <AcceptInvitationForm />;
}
