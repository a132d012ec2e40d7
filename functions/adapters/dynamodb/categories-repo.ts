import { CATEGORY_LIMITS, CATEGORY_MSG } from '@shared/rules/categories';
import type { CategoryRecord } from '../../core/categories/category';
import type { CategoryRepository } from '../../core/categories/category-repository';
import { ConflictError } from '../../core/errors';
import { touchCatalogue } from './catalogue-version';
import {
  cancelledAt,
  conditionally,
  deleteItem,
  getItem,
  type ItemMapper,
  isConditionFailure,
  onIndex,
  putItem,
  queryPage,
  transact,
  tx,
} from './dynamo';
import { CATEGORIES_PK, categoryKey, categoryOrderKey, categorySlugKey } from './keys';

/**
 * Categories in the single table (access patterns: see the table in table-definition.ts).
 *
 * | item              | PK              | SK       | GSI1                                    |
 * |-------------------|-----------------|----------|-----------------------------------------|
 * | category          | CATEGORY#<id>   | CATEGORY | CATEGORIES / <display_order:5 digits>#<slug> |
 * | slug reservation  | CATSLUG#<slug>  | CATSLUG  | (category_id attribute)                 |
 */

export function toCategoryItem(c: CategoryRecord): Record<string, unknown> {
  return {
    ...categoryKey(c.id),
    entity: 'Category',
    GSI1PK: CATEGORIES_PK,
    GSI1SK: categoryOrderKey(c),
    id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    color: c.color,
    icon: c.icon,
    display_order: c.display_order,
    is_active: c.is_active,
    created_at: c.created_at,
    updated_at: c.updated_at,
  };
}

export function fromCategoryItem(item: Record<string, unknown>): CategoryRecord {
  return {
    id: String(item.id),
    slug: String(item.slug),
    name: String(item.name),
    description: typeof item.description === 'string' ? item.description : '',
    color: typeof item.color === 'string' ? item.color : '#3B82F6',
    icon: typeof item.icon === 'string' ? item.icon : '',
    display_order: typeof item.display_order === 'number' ? item.display_order : 0,
    is_active: item.is_active !== false,
    created_at: String(item.created_at ?? ''),
    updated_at: String(item.updated_at ?? ''),
  };
}

/** The CategoryRecord entity's item, both ways. */
export const categoryItem: ItemMapper<CategoryRecord> = { toItem: toCategoryItem, fromItem: fromCategoryItem };

const slugItem = (slug: string, id: string) => ({ ...categorySlugKey(slug), entity: 'CategorySlug', category_id: id });

/**
 * Every category: one page of the CATEGORIES index, since at most CATEGORY_LIMITS.countMax exist
 * (create refuses more). On its own so the public marketplace's bundles carry no category writes.
 */
export async function listCategoryRecords(): Promise<CategoryRecord[]> {
  const items = await queryPage(onIndex('GSI1', CATEGORIES_PK, { Limit: CATEGORY_LIMITS.countMax }));
  return items.map(categoryItem.fromItem);
}

export class DynamoCategoriesRepository implements CategoryRepository {
  async list(): Promise<CategoryRecord[]> {
    return listCategoryRecords();
  }

  async getById(id: string): Promise<CategoryRecord | undefined> {
    const item = await getItem(categoryKey(id), { consistent: false });
    return item ? categoryItem.fromItem(item) : undefined;
  }

  async create(category: CategoryRecord): Promise<void> {
    try {
      await transact([tx.putNew(categoryItem.toItem(category)), tx.putNew(slugItem(category.slug, category.id))]);
    } catch (err) {
      const failed = cancelledAt(err);
      if (failed.includes(1)) throw new ConflictError(CATEGORY_MSG.slugTaken);
      if (failed.includes(0)) throw new ConflictError('A category with this id already exists');
      throw err;
    }
    await touchCatalogue();
  }

  async reserveSlug(slug: string, id: string): Promise<void> {
    try {
      await putItem(slugItem(slug, id), {
        ConditionExpression: 'attribute_not_exists(PK) OR category_id = :id',
        ExpressionAttributeValues: { ':id': id },
      });
    } catch (err) {
      if (isConditionFailure(err)) throw new ConflictError(CATEGORY_MSG.slugTaken);
      throw err;
    }
  }

  async commitUpdate(
    previous: CategoryRecord,
    next: CategoryRecord,
    opts: { holdOldSlug?: boolean } = {},
  ): Promise<void> {
    const slugChanged = next.slug !== previous.slug && !opts.holdOldSlug;
    try {
      await transact([
        tx.put(categoryItem.toItem({ ...next, id: previous.id }), {
          ConditionExpression: 'attribute_exists(PK) AND #slug = :slug',
          ExpressionAttributeNames: { '#slug': 'slug' },
          ExpressionAttributeValues: { ':slug': previous.slug },
        }),
        ...(slugChanged ? [tx.release(categorySlugKey(previous.slug), 'category_id', previous.id)] : []),
      ]);
    } catch (err) {
      if (cancelledAt(err).length) {
        throw new ConflictError('The category was changed by someone else: reload it and try again');
      }
      throw err;
    }
    await touchCatalogue();
  }

  async delete(category: CategoryRecord, opts: { holdSlug?: boolean } = {}): Promise<void> {
    await transact([
      tx.delete(categoryKey(category.id)),
      ...(opts.holdSlug ? [] : [tx.release(categorySlugKey(category.slug), 'category_id', category.id)]),
    ]);
    await touchCatalogue();
  }
}

/**
 * Frees a slug a category held while its apps were re-filed off it (the sync worker's last page of
 * the re-filing): only while the reservation is still that category's.
 */
export async function releaseCategorySlug(slug: string, categoryId: string): Promise<void> {
  await conditionally(
    deleteItem(categorySlugKey(slug), {
      ConditionExpression: 'category_id = :id',
      ExpressionAttributeValues: { ':id': categoryId },
    }),
  );
}
