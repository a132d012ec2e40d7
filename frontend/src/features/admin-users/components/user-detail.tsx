import { Skeleton, Stack } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import type { ReactNode } from 'react';
import { LuArrowLeft, LuSearchX } from 'react-icons/lu';
import { rotateKeyAction } from '@/components/ui/api-key-parts';
import { EmptyState } from '@/components/ui/empty-state';
import { HeadingText } from '@/components/ui/heading-text';
import { LoadError } from '@/components/ui/load-error';
import { type HeaderLink, PageHeader } from '@/components/ui/page-header';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { useConfirmedAction } from '@/components/ui/use-confirmed-action';
import { paths } from '@/config/paths';
import { ApiError, errorText } from '@/lib/api-client';
import { useApproveProduction } from '../api/approve-production';
import { useAdminUser, useAdminUserKeys, useAdminUserLogs } from '../api/get-admin-user';
import { useRotateUserKey } from '../api/rotate-user-key';
import { UserKeysTable } from './user-keys-table';
import { UserProfileCard } from './user-profile-card';
import { WebhookLogsTable } from './webhook-logs-table';

const backLink: readonly HeaderLink[] = [
  { to: paths.adminUsers, icon: LuArrowLeft, label: 'All users', look: 'outline' },
];

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-label={title} gap="3">
      <div>
        <HeadingText title={title}>{description}</HeadingText>
      </div>
      {children}
    </Stack>
  );
}

/**
 * /admin/users/{id}: profile, production approval, the developer's keys with rotate, and the
 * webhook deliveries to their apps. The three reads go out in parallel.
 */
export function UserDetail({ id }: { id: string }) {
  const user = useAdminUser(id);
  const keys = useAdminUserKeys(id);
  const logs = useAdminUserLogs(id);
  const approve = useApproveProduction(id);
  const rotate = useRotateUserKey(id);
  const { run, busyId: rotatingId, confirm, dialog } = useConfirmedAction();

  if (user.error instanceof ApiError && user.error.status === 404) {
    return (
      <>
        <PageHeader title="User Details" links={backLink} />
        <EmptyState icon={<LuSearchX />} title={MSG.userNotFound} description="It may have been deleted." />
      </>
    );
  }

  // The first failing call's server detail when it has one (spec section 8), else the fallback.
  const loadError = user.error ?? keys.error ?? logs.error;

  const onApprove = async () => {
    if (!user.data) return;
    const ok = await confirm({
      title: 'Approve for production',
      message: MSG.confirmApproveUser(user.data.email),
      confirmLabel: 'Approve',
    });
    if (!ok) return;
    try {
      await approve.trigger();
      notifySuccess(MSG.userApprovedForProduction);
    } catch (err) {
      notifyError(errorText(err, MSG.approvalFailed));
    }
  };

  const onRotate = rotateKeyAction(
    run,
    (id) => rotate.trigger(id),
    (rotated) =>
      notifySuccess(
        MSG.keyRotated,
        `The old key stopped working. Its replacement ${rotated.key}… works now; the owner was e-mailed and can see it once in API Keys.`,
      ),
  );

  return (
    <>
      <PageHeader
        title={user.data?.full_name || user.data?.email || 'User Details'}
        description={user.data ? `${user.data.email} · ${user.data.role}` : undefined}
        links={backLink}
      />
      <Stack gap="8">
        {loadError && <LoadError error={loadError} fallback={MSG.failedLoadUserDetails} />}
        {!user.error && (
          <UserProfileCard
            user={user.data}
            loading={user.isLoading}
            approving={approve.isMutating}
            onApprove={onApprove}
          />
        )}
        <Section title="API Keys" description="Prefixes only. Rotating revokes the key at once; the owner is e-mailed.">
          {keys.data ? (
            <UserKeysTable keys={keys.data} onRotate={onRotate} busyId={rotatingId} />
          ) : (
            keys.isLoading && <Skeleton h="24" rounded="xl" />
          )}
        </Section>
        <Section title="Webhook Logs" description="Deliveries to this developer's apps, newest first.">
          {logs.data ? <WebhookLogsTable logs={logs.data} /> : logs.isLoading && <Skeleton h="24" rounded="xl" />}
        </Section>
      </Stack>
      {dialog}
    </>
  );
}
