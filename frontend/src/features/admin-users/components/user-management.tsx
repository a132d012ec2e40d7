import { Badge, Button, HStack, Stack } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import type { AdminUser } from '@shared/schemas/admin-users';
import { useState } from 'react';
import { LuArrowRight, LuBadgeCheck, LuMail } from 'react-icons/lu';
import { DataTable, type RowColumn } from '@/components/ui/data-table';
import { ButtonLink } from '@/components/ui/links';
import { ListCount, ListSearchBar, usePagedSearch } from '@/components/ui/list-toolbar';
import { LoadError } from '@/components/ui/load-error';
import { LoadMore } from '@/components/ui/load-more';
import { NativeSelectField } from '@/components/ui/native-select-field';
import { PageHeader } from '@/components/ui/page-header';
import { notifySuccess } from '@/components/ui/toaster';
import { useConfirmedAction } from '@/components/ui/use-confirmed-action';
import { usePagedTable } from '@/components/ui/use-paged-table';
import { paths } from '@/config/paths';
import { formatDate } from '@/utils/format';
import { useApproveUser } from '../api/approve-user';
import { adminUsersPageKey, getAdminUsersPage, useAdminUsersFirstPage } from '../api/get-admin-users';
import { useResendInvitation } from '../api/resend-invitation';
import { canApprove } from '../utils/filter-users';
import { UserStatusBadge } from './user-status-badge';

const WRAP = { overflowWrap: 'anywhere' } as const;
/** The users' columns but the last, Actions, which the list builds beside its handlers. */
const COLUMNS: RowColumn<AdminUser>[] = [
  {
    label: 'Name',
    width: '15%',
    cell: (user) => user.full_name || '—',
    cellProps: { ...WRAP, fontWeight: 'medium', color: 'gray.900' },
  },
  { label: 'Email', width: '22%', cell: (user) => user.email, cellProps: WRAP },
  { label: 'Company', width: '15%', cell: (user) => user.company || '—', cellProps: { ...WRAP, color: 'gray.700' } },
  {
    label: 'Role',
    width: '9%',
    cell: (user) => (
      <Badge variant="outline" colorPalette={user.role === 'admin' ? 'purple' : 'gray'}>
        {user.role}
      </Badge>
    ),
  },
  { label: 'Status', width: '11%', cell: (user) => <UserStatusBadge user={user} /> },
  { label: 'Created', width: '11%', cell: (user) => formatDate(user.created_at), cellProps: { color: 'gray.600' } },
];

/**
 * /admin/users: every account, newest first, searched and filtered on the server (GET
 * /api/admin/users?limit=&q=&status=), page by page with "Load more" (next_cursor), with approval
 * for production access. A searched page may be short: the server reads a bounded window of
 * accounts per page, so "Load more" goes on looking.
 */
export function UserManagement() {
  const { query, search, q } = usePagedSearch();
  const [status, setStatus] = useState('');
  const filters = { q, status: status || undefined };
  const first = useAdminUsersFirstPage(filters);
  const { data, error } = first;
  const { list, table, empty } = usePagedTable(
    first,
    (cursor) => adminUsersPageKey(filters, cursor),
    getAdminUsersPage,
  );
  const approve = useApproveUser();
  const resend = useResendInvitation();
  const { run, busyId: approving, dialog } = useConfirmedAction();
  /** A row's action button: busy while its user's action runs, disabled while any runs. */
  const rowAction = (id: string) => ({ size: 'xs', loading: approving === id, disabled: approving !== null }) as const;
  const [approved, setApproved] = useState<ReadonlySet<string>>(new Set());
  const users = list.items.map((u) =>
    approved.has(u.id) && u.status === 'pending' ? { ...u, is_approved: true, status: 'approved' as const } : u,
  );
  const pending = data?.awaiting_approval ?? 0;
  const searching = q.trim() !== '' || status !== '';
  /** How many accounts the filter shows, when a counter knows it (no search). */
  const total =
    !data || q.trim()
      ? undefined
      : status === 'pending'
        ? data.awaiting_approval
        : status === 'invited'
          ? data.invited
          : status === 'approved'
            ? data.all - data.awaiting_approval - data.invited
            : data.all;

  const onResend = (user: AdminUser) =>
    run(
      user.id,
      { title: 'Re-send invitation', message: `Send ${user.email} a new set-password link?`, confirmLabel: 'Send' },
      async () => {
        const res = await resend.trigger(user.id);
        notifySuccess(res?.message ?? `Invitation sent to ${user.email}`);
      },
      'Failed to send the invitation',
    );

  const onApprove = (user: AdminUser) =>
    run(
      user.id,
      { title: 'Approve user', message: MSG.confirmApproveUser(user.email), confirmLabel: 'Approve' },
      async () => {
        await approve.trigger(user.email);
        // A row of a later page is not revalidated with the first: it shows the approval here.
        setApproved((ids) => new Set(ids).add(user.id));
        notifySuccess(MSG.userApproved(user.email));
      },
      MSG.failedApproveUser,
    );

  const actions: RowColumn<AdminUser> = {
    label: 'Actions',
    width: '17%',
    align: 'end',
    cell: (user) => (
      <HStack gap="1" justify="flex-end" flexWrap="wrap">
        {canApprove(user) && (
          <Button {...rowAction(user.id)} colorPalette="brand" onClick={() => onApprove(user)}>
            <LuBadgeCheck aria-hidden /> Approve
          </Button>
        )}
        {user.status === 'invited' && (
          <Button {...rowAction(user.id)} variant="outline" onClick={() => onResend(user)}>
            <LuMail aria-hidden /> Re-send invitation
          </Button>
        )}
        <ButtonLink to={paths.adminUser(user.id)} size="xs" variant="ghost">
          View <LuArrowRight aria-hidden />
        </ButtonLink>
      </HStack>
    ),
  };

  return (
    <Stack gap="0">
      <PageHeader
        title="User Management"
        description="Search accounts and approve developers for production access. Approval activates their production keys and e-mails them."
      />

      {error && !data && <LoadError error={error} fallback={MSG.failedLoadUsers} mb="4" />}

      <ListSearchBar
        query={query}
        onSearch={search}
        placeholder="Search by email, name or company"
        label="Search users"
        maxW="md"
      >
        <NativeSelectField
          root={{ size: 'sm', maxW: '44' }}
          aria-label="Filter by status"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value)}
          placeholder="All statuses"
          options={[
            { value: 'pending', label: 'Pending' },
            { value: 'approved', label: 'Approved' },
            { value: 'invited', label: `Invited${data ? ` (${data.invited})` : ''}` },
          ]}
        />
        {data && (
          <ListCount waiting={pending} waitingLabel="awaiting approval" palette="yellow">
            {total === undefined
              ? `Showing ${users.length} matching users${list.hasMore ? ' so far' : ''} (${data.all} in all)`
              : `Showing ${users.length} of ${total} ${searching ? 'matching ' : ''}users`}
          </ListCount>
        )}
      </ListSearchBar>

      <DataTable
        label="Users"
        columns={[...COLUMNS, actions]}
        {...table}
        empty={empty(
          q.trim() ? `No users match "${q.trim()}".` : status ? 'No users with this status.' : 'No users yet.',
        )}
        rows={users}
        rowTestId={(user) => `user-row-${user.id}`}
      />
      <LoadMore compact shown={users.length} total={total} list={list} noun="users" />
      {dialog}
    </Stack>
  );
}
