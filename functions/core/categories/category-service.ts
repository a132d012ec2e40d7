import { randomUUID } from 'node:crypto';
import * as MSG from '@shared/messages/screens';
import { CATEGORY_LIMITS, CATEGORY_MSG, withCategoryDefaults } from '@shared/rules/categories';
import type { Category, CategoryInput } from '@shared/schemas/categories';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { type CategoryRecord, compareCategories, findCategory, toCategory } from './category';
import type { CategoryAppsPort, CategoryRefiling, CategoryRepository } from './category-repository';

/** The 409 detail when a category that still has apps is deleted without reassign_to. */
export const categoryInUseMessage = (name: string, count: number): string =>
  `Cannot delete "${name}": ${count} ${count === 1 ? 'app uses' : 'apps use'} this category. ` +
  'Move them to another category (for example Other) or deactivate the category instead.';

export interface CategoryServiceDeps {
  categories: CategoryRepository;
  apps: CategoryAppsPort;
  /** Asks for a category's apps to be re-filed (in pages, after the request). */
  refiling: CategoryRefiling;
  now?: () => string;
  newId?: () => string;
}

/**
 * Category rules: unique slugs, the spec's defaults, renames that keep apps attached, and the
 * delete rule (a category with apps is only deleted when its apps are moved elsewhere first).
 */
export function createCategoryService(deps: CategoryServiceDeps) {
  const now = deps.now ?? (() => new Date().toISOString());
  const newId = deps.newId ?? (() => randomUUID());
  const { categories, apps, refiling } = deps;

  async function getOr404(id: string): Promise<CategoryRecord> {
    const found = await categories.getById(id);
    if (!found) throw new NotFoundError(MSG.categoryNotFound);
    return found;
  }

  /** Every category in display order (one Query). */
  async function listAll(): Promise<CategoryRecord[]> {
    return (await categories.list()).sort(compareCategories);
  }

  return {
    listAll,

    /** Active categories in display order. */
    async listActive(): Promise<CategoryRecord[]> {
      return (await listAll()).filter((c) => c.is_active);
    },

    /** For the developer-apps API: the category a submitted `category` (name or slug) refers to. */
    async resolve(slugOrName: string): Promise<CategoryRecord | undefined> {
      return findCategory(await listAll(), slugOrName);
    },

    /** Admin table: all categories, each with the number of apps of every state filed under it. */
    async listForAdmin(): Promise<Category[]> {
      const [all, counts] = await Promise.all([listAll(), apps.countAllByCategory()]);
      return all.map((c) => toCategory(c, counts.get(c.slug) ?? 0));
    },

    async create(payload: CategoryInput): Promise<Category> {
      // Every marketplace request reads the categories in one bounded Query: the list stays curated.
      if ((await categories.list()).length >= CATEGORY_LIMITS.countMax) throw new ConflictError(CATEGORY_MSG.tooMany);
      const at = now();
      const record: CategoryRecord = { id: newId(), ...withCategoryDefaults(payload), created_at: at, updated_at: at };
      await categories.create(record);
      return toCategory(record, 0);
    },

    /**
     * Updates a category. Apps are filed by slug (and carry the name), so a new slug or name is
     * carried over to them: the new slug is reserved first, the re-filing is asked for (the sync
     * worker moves the apps in pages, shortly after: idempotent), then the category is committed; the
     * old slug stays reserved until the apps are off it.
     * A failure part-way can be retried with the same request. app_count counts the apps of the
     * old slug too while they move.
     */
    async update(id: string, payload: CategoryInput): Promise<Category> {
      const previous = await getOr404(id);
      const next: CategoryRecord = {
        ...previous,
        name: payload.name,
        slug: payload.slug,
        description: payload.description ?? previous.description,
        icon: payload.icon ?? previous.icon,
        color: payload.color ?? previous.color,
        display_order: payload.display_order ?? previous.display_order,
        is_active: payload.is_active ?? previous.is_active,
        updated_at: now(),
      };
      const slugChanged = next.slug !== previous.slug;
      if (slugChanged) await categories.reserveSlug(next.slug, id);
      const filed = await apps.countInCategory(previous.slug);
      // Apps already under the new slug, counted before the re-filing starts: read after it, the
      // count would include apps the worker had moved meanwhile, counted twice (seen on loaded cores).
      const already = slugChanged ? await apps.countInCategory(next.slug) : 0;
      // The old slug stays reserved until its last app has moved (the re-filing frees it).
      const hold = slugChanged && filed > 0;
      if (filed > 0 && (slugChanged || next.name !== previous.name))
        await refiling.request(
          previous.slug,
          { slug: next.slug, name: next.name },
          hold ? { slug: previous.slug, category_id: id } : undefined,
        );
      await categories.commitUpdate(previous, next, { holdOldSlug: hold });
      return toCategory(next, filed + already);
    },

    /**
     * Deletes a category. One that still has apps is refused (409, with the count) unless
     * `reassignTo` names another category: its apps are moved there (in pages, shortly after).
     */
    async remove(id: string, reassignTo?: string): Promise<{ moved_apps: number }> {
      const category = await getOr404(id);
      const inUse = await apps.countInCategory(category.slug);
      if (inUse > 0) {
        if (!reassignTo) throw new ConflictError(categoryInUseMessage(category.name, inUse));
        const target = (await listAll()).find((c) => c.slug === reassignTo);
        if (!target) throw new ValidationError(`reassign_to: no category with the slug "${reassignTo}"`);
        if (target.id === category.id) throw new ValidationError('reassign_to must be another category');
        await refiling.request(
          category.slug,
          { slug: target.slug, name: target.name },
          { slug: category.slug, category_id: category.id },
        );
      }
      await categories.delete(category, { holdSlug: inUse > 0 });
      return { moved_apps: inUse };
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
