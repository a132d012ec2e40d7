import { Field, Text } from '@chakra-ui/react';
import { MSG } from '@shared/messages';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { TitleAlert } from '@/components/ui/load-error';
import { NativeSelectField } from '@/components/ui/native-select-field';
import { notifySuccess } from '@/components/ui/toaster';
import { ApiError, errorText } from '@/lib/api-client';
import { useDeleteCategory } from '../api/delete-category';
import type { AdminCategory } from '../types';

/** The category that collects apps whose category is removed, when it exists. */
const FALLBACK_SLUG = 'other';

interface DeleteCategoryDialogProps {
  category: AdminCategory;
  /** Every category; the ones apps can move to are all but this one. */
  categories: readonly AdminCategory[];
  onClose: () => void;
}

/**
 * 'Are you sure you want to delete this category?'. If the server refuses because apps still use
 * the category (409), its reason is shown and the apps can be moved to another category first.
 */
export function DeleteCategoryDialog({ category, categories, onClose }: DeleteCategoryDialogProps) {
  const targets = categories.filter((c) => c.id !== category.id);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reassignTo, setReassignTo] = useState(
    () => targets.find((c) => c.slug === FALLBACK_SLUG)?.slug ?? targets[0]?.slug ?? '',
  );
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteCategory();
  const busy = remove.isMutating;

  async function confirm() {
    setError(null);
    try {
      const result = await remove.trigger({ id: category.id, reassignTo: conflict ? reassignTo : undefined });
      const moved = result?.moved_apps ?? 0;
      const target = targets.find((c) => c.slug === reassignTo)?.name ?? reassignTo;
      notifySuccess(
        `${category.name} deleted`,
        conflict && moved > 0 ? `${moved} ${moved === 1 ? 'app' : 'apps'} moved to ${target}.` : undefined,
      );
      onClose();
    } catch (err) {
      if (!conflict && err instanceof ApiError && err.status === 409) {
        setConflict(err.detail ?? `${category.name} still has apps.`);
        return;
      }
      setError(errorText(err, MSG.failedDeleteCategory));
    }
  }

  return (
    <FormDialog
      title={`Delete ${category.name}`}
      role="alertdialog"
      size="sm"
      onClose={onClose}
      onSubmit={confirm}
      submitLabel={conflict ? 'Move apps and delete' : 'Delete'}
      submitProps={{ colorPalette: 'red', disabled: Boolean(conflict) && !reassignTo }}
      pending={busy}
      error={error}
    >
      {conflict ? (
        <>
          <TitleAlert status="warning">{conflict}</TitleAlert>
          <Field.Root disabled={targets.length === 0}>
            <Field.Label>Move its apps to</Field.Label>
            <NativeSelectField
              value={reassignTo}
              onChange={(e) => setReassignTo(e.target.value)}
              options={targets.map((c) => ({ value: c.slug, label: c.name }))}
            />
            <Field.HelperText>The apps move first, then {category.name} is deleted.</Field.HelperText>
          </Field.Root>
        </>
      ) : (
        <Text>{MSG.confirmDeleteCategory}</Text>
      )}
    </FormDialog>
  );
}
