import { Badge, Box, Button, Code, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { CATEGORY_DEFAULTS } from '@shared/constants';
import { useMemo, useState } from 'react';
import { LuPencil, LuPlus } from 'react-icons/lu';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { DELETE_ACTION, RowAction } from '@/components/ui/row-action';
import { useAdminCategories } from '../api/get-admin-categories';
import type { AdminCategory, CategoryIconKit } from '../types';
import { CategoryFormDialog } from './category-form-dialog';
import { DeleteCategoryDialog } from './delete-category-dialog';

type Editing = { mode: 'create' } | { mode: 'edit'; category: AdminCategory };

const byOrder = (a: AdminCategory, b: AdminCategory) =>
  (a.display_order ?? 0) - (b.display_order ?? 0) || a.name.localeCompare(b.name);

const COLUMNS: DataColumn[] = ['Order', 'Category', 'Slug', 'Icon', 'Status', { label: 'Actions', align: 'end' }];

/** /admin/categories: the category list with create, edit and delete. */
export function CategoryManagement({ icons }: { icons: CategoryIconKit }) {
  const { data, error, isLoading } = useAdminCategories();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  const categories = useMemo(() => [...(data ?? [])].sort(byOrder), [data]);
  const { Icon } = icons;

  return (
    <Stack gap="0">
      <PageHeader
        title="Category Management"
        description="The categories visitors browse on the marketplace, in display order."
        actions={
          <Button colorPalette="brand" onClick={() => setEditing({ mode: 'create' })}>
            <LuPlus aria-hidden /> Add Category
          </Button>
        }
      />

      {error && !data && <LoadError error={error} fallback="Failed to load categories" mb="4" />}

      <DataTable
        label="Categories"
        columns={COLUMNS}
        loading={isLoading}
        empty={!isLoading && categories.length === 0 && 'No categories yet. Add the first one.'}
        rootProps={{ interactive: true }}
      >
        {categories.map((category) => {
          const color = category.color || CATEGORY_DEFAULTS.color;
          const apps = Number(category.app_count) || 0;
          return (
            <Table.Row key={category.id} data-testid={`category-row-${category.slug}`}>
              <Table.Cell fontVariantNumeric="tabular-nums">{category.display_order ?? 0}</Table.Cell>
              <Table.Cell>
                <HStack gap="3" maxW="md">
                  <Box
                    aria-hidden
                    p="2"
                    borderRadius="md"
                    flexShrink={0}
                    style={{ background: `color-mix(in srgb, ${color} 14%, transparent)`, color }}
                  >
                    <Icon name={category.icon} size={18} />
                  </Box>
                  <Box minW="0">
                    <Text fontWeight="medium">
                      {category.name}
                      <Text as="span" color="fg.muted" fontWeight="normal" fontSize="xs">
                        {` · ${apps} ${apps === 1 ? 'app' : 'apps'}`}
                      </Text>
                    </Text>
                    {category.description && (
                      <Text fontSize="sm" color="fg.muted" lineClamp={1}>
                        {category.description}
                      </Text>
                    )}
                  </Box>
                </HStack>
              </Table.Cell>
              <Table.Cell>
                <Code size="sm">{category.slug}</Code>
              </Table.Cell>
              <Table.Cell fontSize="sm" color="fg.muted">
                {category.icon || '—'}
              </Table.Cell>
              <Table.Cell>
                {category.is_active === false ? (
                  <Badge colorPalette="gray">Inactive</Badge>
                ) : (
                  <Badge colorPalette="green">Active</Badge>
                )}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <HStack gap="1" justify="flex-end">
                  <RowAction
                    icon={LuPencil}
                    verb="Edit"
                    target={category.name}
                    onClick={() => setEditing({ mode: 'edit', category })}
                  />
                  <RowAction {...DELETE_ACTION} target={category.name} onClick={() => setDeleting(category)} />
                </HStack>
              </Table.Cell>
            </Table.Row>
          );
        })}
      </DataTable>

      {editing && (
        <CategoryFormDialog
          category={editing.mode === 'edit' ? editing.category : null}
          icons={icons}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteCategoryDialog category={deleting} categories={categories} onClose={() => setDeleting(null)} />
      )}
    </Stack>
  );
}
