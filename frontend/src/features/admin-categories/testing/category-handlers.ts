import type { AdminCategory, CategoryInput } from '../types';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Req {
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
}

/**
 * The admin category calls over an in-memory list, with the server's rules: a category that
 * still has apps cannot be deleted (409) unless they are moved with ?reassign_to=<slug>.
 */
export function categoryHandlers(initial: AdminCategory[]) {
  const db = initial.map((c) => ({ ...c }));
  let nextId = 100;
  const handlers = {
    'GET /api/admin/categories': () => json(db),
    'POST /api/admin/categories': ({ body }: Req) => {
      const input = body as CategoryInput;
      if (db.some((c) => c.slug === input.slug))
        return json({ detail: 'A category with this slug already exists' }, 409);
      const created = { id: `cat-${nextId++}`, app_count: 0, ...input };
      db.push(created);
      return json(created, 201);
    },
    'PUT /api/admin/categories/:id': ({ params, body }: Req) => {
      const i = db.findIndex((c) => c.id === params.id);
      if (i < 0) return json({ detail: 'Category not found' }, 404);
      db[i] = { ...(db[i] as AdminCategory), ...(body as CategoryInput) };
      return json(db[i]);
    },
    'DELETE /api/admin/categories/:id': ({ params, query }: Req) => {
      const i = db.findIndex((c) => c.id === params.id);
      const category = db[i];
      if (!category) return json({ detail: 'Category not found' }, 404);
      const apps = category.app_count ?? 0;
      const to = query.get('reassign_to');
      const target = db.find((c) => c.slug === to);
      if (apps > 0 && !target) {
        return json({ detail: `Category has ${apps} apps. Move them to another category first.` }, 409);
      }
      if (target) target.app_count = (target.app_count ?? 0) + apps;
      db.splice(i, 1);
      return json({ message: 'Category deleted', moved_apps: target ? apps : 0 });
    },
  };
  return { handlers, db };
}
