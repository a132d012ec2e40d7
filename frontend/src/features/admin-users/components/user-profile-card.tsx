import { Badge, Box, Button, HStack, Link, SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import type { AdminUserDetail } from '@shared/schemas/admin-users';
import type { ReactNode } from 'react';
import { LuBadgeCheck, LuShieldCheck } from 'react-icons/lu';
import { panelStyle } from '@/components/ui/surfaces';
import { formatDate, safeUrl } from '@/utils/format';

/** The user's profile and production access: a badge, or 'Approve for Production'. */
export function UserProfileCard({
  user,
  loading,
  approving,
  onApprove,
}: {
  user: AdminUserDetail | undefined;
  loading: boolean;
  approving: boolean;
  onApprove: () => void;
}) {
  // Only http(s) websites become links; anything else is shown as text.
  const website = safeUrl(user?.website);
  const items: { label: string; value: ReactNode }[] = [
    { label: 'Name', value: user?.full_name || '—' },
    { label: 'Email', value: user?.email },
    { label: 'Role', value: user?.role },
    { label: 'Company', value: user?.company || '—' },
    {
      label: 'Website',
      value: website ? (
        <Link href={website} target="_blank" rel="noopener noreferrer" color="brand.fg">
          {user?.website}
        </Link>
      ) : (
        user?.website || '—'
      ),
    },
    { label: 'Created', value: formatDate(user?.created_at) },
  ];

  return (
    <Box as="section" aria-label="Profile" {...panelStyle} p={{ base: '5', md: '6' }}>
      <HStack justify="space-between" align="flex-start" flexWrap="wrap" gap="4" mb="5">
        <Text fontWeight="semibold" color="gray.900">
          Profile
        </Text>
        <Skeleton loading={loading} minW="40">
          <ProductionAccess user={user} approving={approving} onApprove={onApprove} />
        </Skeleton>
      </HStack>
      <SimpleGrid as="dl" columns={{ base: 1, sm: 2, lg: 3 }} gap="5">
        {items.map((item) => (
          <Box key={item.label} minW="0">
            <Text
              as="dt"
              fontSize="xs"
              fontWeight="medium"
              color="gray.500"
              textTransform="uppercase"
              letterSpacing="wide"
            >
              {item.label}
            </Text>
            <Box as="dd" mt="1" color="gray.900" wordBreak="break-word">
              <Skeleton loading={loading} minH="5">
                {item.value}
              </Skeleton>
            </Box>
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}

function ProductionAccess({
  user,
  approving,
  onApprove,
}: {
  user: AdminUserDetail | undefined;
  approving: boolean;
  onApprove: () => void;
}) {
  if (!user) return null;
  if (user.role === 'admin') {
    return (
      <Badge colorPalette="purple" variant="subtle" size="lg">
        <LuShieldCheck aria-hidden /> Administrator
      </Badge>
    );
  }
  if (user.is_approved) {
    return (
      <Badge colorPalette="green" variant="subtle" size="lg">
        <LuBadgeCheck aria-hidden /> Approved for production
      </Badge>
    );
  }
  return (
    <Button colorPalette="brand" size="sm" onClick={onApprove} loading={approving} loadingText="Approving...">
      <LuBadgeCheck aria-hidden /> Approve for Production
    </Button>
  );
}
