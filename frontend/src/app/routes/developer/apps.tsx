import { MyApps } from '@/features/developer-apps/components/my-apps';

/** /dashboard/apps (inside the developer layout). */
export default function MyAppsRoute() {
  return <MyApps />;
}
