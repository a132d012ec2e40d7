import { SubmitAppPage } from '@/features/submit-app/components/submit-app-page';

/** /dashboard/submit-app: quick form, six-step wizard, or edit (inside the developer layout). */
export default function SubmitAppRoute() {
  return <SubmitAppPage />;
}
