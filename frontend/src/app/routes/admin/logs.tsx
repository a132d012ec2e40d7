import { Tabs } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { AuditLog } from '@/features/admin-audit/components/audit-log';
import { WebhookLogs } from '@/features/admin-logs/components/webhook-logs';

/** /admin/logs (inside the admin layout): System Logs, with the tabs Webhook Logs and Audit (?tab=audit). */
export default function AdminLogsRoute() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'audit' ? 'audit' : 'webhooks';
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(d) => setParams(d.value === 'audit' ? { tab: 'audit' } : {}, { replace: true })}
      lazyMount
      unmountOnExit
    >
      <Tabs.List mb="5" aria-label="System logs">
        <Tabs.Trigger value="webhooks">Webhook Logs</Tabs.Trigger>
        <Tabs.Trigger value="audit">Audit</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="webhooks" p="0">
        <WebhookLogs />
      </Tabs.Content>
      <Tabs.Content value="audit" p="0">
        <AuditLog />
      </Tabs.Content>
    </Tabs.Root>
  );
}
