import { LuAppWindow, LuKeyRound, LuSend, LuStore, LuWebhook } from 'react-icons/lu';
import { paths } from '@/config/paths';
import { areaSidebar, SidebarLayout } from './sidebar-layout';
import { useLogout } from './use-logout';

const items = areaSidebar(paths.dashboard, [
  { label: 'My Apps', to: paths.myApps, icon: <LuAppWindow /> },
  { label: 'API Keys', to: paths.apiKeys, icon: <LuKeyRound /> },
  { label: 'Webhooks', to: paths.webhooks, icon: <LuWebhook /> },
  { label: 'Submit App', to: paths.submitApp, icon: <LuSend /> },
  { label: 'Marketplace', to: paths.devMarketplace, icon: <LuStore /> },
]);

/** Developer area chrome (sidebar titled Developer Portal). */
export default function DeveloperLayout() {
  const logout = useLogout('developer');
  return <SidebarLayout title="Developer Portal" roleLabel="Developer" items={items} onLogout={logout} />;
}
