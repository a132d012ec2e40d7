import type { AdminCategory, CategoryInput } from '@/features/admin-categories/types';
import { bodyOf, fail, HttpResponse, http, queryOf } from '../server';

/**
 * The admin category calls over an in-memory list, with the server's rules: a category that
 * still has apps cannot be deleted (409) unless they are moved with ?reassign_to=<slug>.
 */
export function categoryHandlers(initial: AdminCategory[]) {
  const db = initial.map((c) => ({ ...c }));
  let nextId = 100;
  const handlers = [
    http.get('/api/admin/categories', () => HttpResponse.json(db)),
    http.post('/api/admin/categories', async ({ request }) => {
      const input = await bodyOf<CategoryInput>(request);
      if (db.some((c) => c.slug === input.slug)) return fail(409, 'A category with this slug already exists');
      const created = { id: `cat-${nextId++}`, app_count: 0, ...input };
      db.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put<{ id: string }>('/api/admin/categories/:id', async ({ request, params }) => {
      const i = db.findIndex((c) => c.id === params.id);
      if (i < 0) return fail(404, 'Category not found');
      db[i] = { ...(db[i] as AdminCategory), ...(await bodyOf<CategoryInput>(request)) };
      return HttpResponse.json(db[i]);
    }),
    http.delete<{ id: string }>('/api/admin/categories/:id', ({ request, params }) => {
      const i = db.findIndex((c) => c.id === params.id);
      const category = db[i];
      if (!category) return fail(404, 'Category not found');
      const apps = category.app_count ?? 0;
      const target = db.find((c) => c.slug === queryOf(request).get('reassign_to'));
      if (apps > 0 && !target) return fail(409, `Category has ${apps} apps. Move them to another category first.`);
      if (target) target.app_count = (target.app_count ?? 0) + apps;
      db.splice(i, 1);
      return HttpResponse.json({ message: 'Category deleted', moved_apps: target ? apps : 0 });
    }),
  ];
  return { handlers, db };
}
