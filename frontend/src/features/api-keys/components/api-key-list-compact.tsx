import { Box, Button, Code, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import type { ApiKey } from '@shared/schemas/keys';
import { LuEye, LuRefreshCw, LuTrash2 } from 'react-icons/lu';
import { KeyStatusBadge, KeyTypeBadge, ReplacementBadge, UsageMeter } from '@/components/ui/api-key-parts';
import { panelStyle } from '@/components/ui/surfaces';
import { formatDate } from '@/utils/format';
import { shortKey } from '@/utils/key-display';
import type { KeyActions } from './api-keys-table';

/**
 * The compact key list on phones: each key as a card that shows the first 8 characters followed
 * by an ellipsis (docs/spec.md section 2), its type, status and today's usage.
 */
export function ApiKeyListCompact({ keys, onRotate, onDelete, onReveal, busyId }: { keys: ApiKey[] } & KeyActions) {
  return (
    <Stack as="ul" aria-label="API keys (compact)" gap="3" hideFrom="md" listStyleType="none">
      {keys.map((key) => (
        <Box as="li" key={key.id} {...panelStyle} p="4">
          <HStack justify="space-between" align="flex-start" gap="3">
            <Stack gap="2" minW="0">
              <Code size="md" variant="surface" alignSelf="flex-start">
                {shortKey(key.key)}
              </Code>
              <HStack gap="2" flexWrap="wrap">
                <KeyTypeBadge type={key.type} />
                <KeyStatusBadge active={key.is_active} />
                {key.replacement_ready && <ReplacementBadge />}
              </HStack>
              {key.replacement_ready && (
                <Button
                  size="xs"
                  colorPalette="brand"
                  alignSelf="flex-start"
                  onClick={() => onReveal(key)}
                  disabled={busyId !== null}
                  aria-label={`Show new key for ${shortKey(key.key)}`}
                >
                  <LuEye aria-hidden /> Show new key
                </Button>
              )}
            </Stack>
            <HStack gap="1">
              <IconButton
                size="sm"
                variant="ghost"
                aria-label={`Rotate ${shortKey(key.key)}`}
                onClick={() => onRotate(key)}
                loading={busyId === key.id}
                disabled={busyId !== null}
              >
                <LuRefreshCw />
              </IconButton>
              <IconButton
                size="sm"
                variant="ghost"
                colorPalette="red"
                aria-label={`Delete ${shortKey(key.key)}`}
                onClick={() => onDelete(key)}
                disabled={busyId !== null}
              >
                <LuTrash2 />
              </IconButton>
            </HStack>
          </HStack>
          <HStack justify="space-between" align="flex-end" mt="3" gap="3">
            <UsageMeter used={key.usage_count} limit={key.limit} />
            <Text fontSize="xs" color="gray.500" whiteSpace="nowrap">
              Created {formatDate(key.created_at)}
            </Text>
          </HStack>
        </Box>
      ))}
    </Stack>
  );
}
