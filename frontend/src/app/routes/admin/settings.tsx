import { Stack } from '@chakra-ui/react';
import { PageHeader } from '@/components/ui/page-header';
import { FutureSettings } from '@/features/admin-settings/components/future-settings';
import { ProfileForm } from '@/features/admin-settings/components/profile-form';

export default function AdminSettingsRoute() {
  return (
    <>
      <PageHeader title="Settings" description="Your administrator profile and platform settings." />
      <Stack gap="6">
        <ProfileForm />
        <FutureSettings />
      </Stack>
    </>
  );
}
