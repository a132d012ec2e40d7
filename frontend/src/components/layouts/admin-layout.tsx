import { LuAppWindow, LuRefreshCw, LuScrollText, LuSettings, LuTags, LuUsers } from 'react-icons/lu';
import { paths } from '@/config/paths';
import { areaSidebar, SidebarLayout } from './sidebar-layout';
import { useLogout } from './use-logout';

const items = areaSidebar(paths.admin, [
  { label: 'User Management', to: paths.adminUsers, icon: <LuUsers /> },
  { label: 'App Management', to: paths.adminApps, icon: <LuAppWindow /> },
  { label: 'Categories', to: paths.adminCategories, icon: <LuTags /> },
  { label: 'System Logs', to: paths.adminLogs, icon: <LuScrollText /> },
  { label: 'Internal Sync', to: paths.adminSync, icon: <LuRefreshCw /> },
  { label: 'Settings', to: paths.adminSettings, icon: <LuSettings /> },
]);

/** Admin area chrome (sidebar titled Admin Panel). */
export default function AdminLayout() {
  const logout = useLogout('admin');
  return <SidebarLayout title="Admin Panel" roleLabel="Administrator" items={items} onLogout={logout} />;
}
