import { Button, Skeleton, Stack } from '@chakra-ui/react';
import type { KeyType } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { ApiKey, ApiKeyWithSecret } from '@shared/schemas/keys';
import { useState } from 'react';
import { LuKeyRound, LuPlus } from 'react-icons/lu';
import { rotateKeyAction } from '@/components/ui/api-key-parts';
import { EmptyState } from '@/components/ui/empty-state';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { useConfirmedAction } from '@/components/ui/use-confirmed-action';
import { ApiError } from '@/lib/api-client';
import { useCreateApiKey } from '../api/create-api-key';
import { useDeleteApiKey } from '../api/delete-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { useRevealApiKey } from '../api/reveal-api-key';
import { useRotateApiKey } from '../api/rotate-api-key';
import { ApiKeyListCompact } from './api-key-list-compact';
import { ApiKeysTable } from './api-keys-table';
import { CreateKeyDialog } from './create-key-dialog';
import { KeyLimits } from './key-limits';
import { KeySecretDialog, type RevealedKey } from './key-secret-dialog';

/** 'Failed to create key: {detail or message}' (docs/spec.md section 8). */
function createFailure(err: unknown): string {
  if (err instanceof ApiError) return MSG.failedCreateKey(err.detail ?? err.message);
  return MSG.failedCreateKey(err instanceof Error ? err.message : 'Unknown error');
}

/** The spec's success texts; a production key of an already approved developer is active at once. */
function createdText(created: ApiKeyWithSecret): string {
  if (created.type === 'staging') return MSG.stagingKeyCreated;
  return created.is_active ? created.message || 'Production key created and active.' : MSG.productionKeyCreated;
}

/** /dashboard/api-keys: list, create (staging or production), rotate and delete the developer's keys. */
export function ApiKeyManager() {
  const { data: keys, error, isLoading } = useApiKeys();
  const create = useCreateApiKey();
  const rotate = useRotateApiKey();
  const reveal = useRevealApiKey();
  const remove = useDeleteApiKey();
  const { run, runBusy, busyId, dialog } = useConfirmedAction();
  const [creating, setCreating] = useState(false);
  const [revealed, setRevealed] = useState<RevealedKey | null>(null);

  const onCreate = async (type: KeyType) => {
    try {
      const created = await create.trigger(type);
      setCreating(false);
      notifySuccess(createdText(created));
      setRevealed({ key: created.key, type: created.type, reason: 'created' });
    } catch (err) {
      notifyError(createFailure(err));
    }
  };

  const onRotate = rotateKeyAction(
    run,
    (id) => rotate.trigger(id),
    (rotated) => {
      notifySuccess(MSG.keyRotated);
      setRevealed({ key: rotated.key, type: rotated.type, reason: 'rotated' });
    },
  );

  const onReveal = (key: ApiKey) =>
    runBusy(
      key.id,
      async () => {
        const replacement = await reveal.trigger(key.id);
        setRevealed({ key: replacement.key, type: replacement.type, reason: 'replaced' });
      },
      'Failed to show the new key',
    );

  const onDelete = (key: ApiKey) =>
    run(
      key.id,
      { title: 'Delete API key', message: MSG.confirmDeleteKey, confirmLabel: 'Delete', destructive: true },
      async () => {
        await remove.trigger(key.id);
        notifySuccess(MSG.keyDeleted);
      },
      MSG.failedDeleteKey,
    );

  const list = keys ?? [];
  const actions = { onRotate, onDelete, onReveal, busyId };

  return (
    <>
      <PageHeader
        title="API Keys"
        description="Keys let your own software call the Partner API. The full key is shown once, when it is created or rotated."
        actions={
          <Button colorPalette="brand" onClick={() => setCreating(true)}>
            <LuPlus aria-hidden /> Create Key
          </Button>
        }
      />
      <KeyLimits />

      {error && !keys && <LoadError error={error} fallback="Failed to load API keys" mb="4" />}

      {isLoading && !keys ? (
        <Stack gap="2" aria-hidden>
          <Skeleton h="12" rounded="lg" />
          <Skeleton h="12" rounded="lg" />
        </Stack>
      ) : keys && list.length === 0 ? (
        <EmptyState
          icon={<LuKeyRound />}
          title="No API keys yet"
          description="Create a staging key to start building; production keys work once your account is approved."
        />
      ) : (
        list.length > 0 && (
          <>
            <ApiKeysTable keys={list} {...actions} />
            <ApiKeyListCompact keys={list} {...actions} />
          </>
        )
      )}

      <CreateKeyDialog
        open={creating}
        creating={create.isMutating}
        onCreate={onCreate}
        onClose={() => setCreating(false)}
      />
      <KeySecretDialog revealed={revealed} onClose={() => setRevealed(null)} />
      {dialog}
    </>
  );
}
