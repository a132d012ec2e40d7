import type { Category } from '@shared/schemas/categories';
import {
  type PermissionsCatalogue,
  type PermissionsDeclaration,
  PermissionsInputSchema,
} from '@shared/schemas/permissions';
import type { EditableApp } from '@/features/submit-app/types';
import { bodyOf, fail, type HttpHandler, HttpResponse, http } from '../server';

let seq = 0;

/** An app as the owner's GET /api/apps/{id} answers it; override what a test is about. */
export function ownAppFixture(over: Partial<EditableApp> & Pick<EditableApp, 'name'>): EditableApp {
  seq += 1;
  return {
    id: `app-${seq}`,
    slug: over.name.toLowerCase().replace(/\s+/g, '-'),
    type: 'public',
    description: null,
    short_description: `${over.name} in one sentence`,
    tagline: `${over.name} tagline`,
    long_description: null,
    category: 'Patient Management',
    tags: '',
    website_url: 'https://example.com',
    icon_url: null,
    screenshots: [],
    key_features: [],
    use_cases: [],
    integrations: [],
    unique_selling_points: [],
    pricing_model: 'free',
    price: 0,
    price_period: null,
    free_trial_days: null,
    licensing_type: 'manual',
    licensing_instructions: 'We e-mail you',
    license_keys: [],
    is_approved: false,
    created_at: '2025-03-01T10:00:00.000Z',
    ...over,
  } as EditableApp;
}

/** A category as GET /api/categories lists it; the slug and id follow from the name unless given. */
export function categoryFixture(name: string, over: Partial<Category> = {}): Category {
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  return {
    id: `c-${slug}`,
    slug,
    name,
    description: '',
    color: '#3B82F6',
    icon: 'LuUsers',
    display_order: 0,
    is_active: true,
    app_count: 0,
    ...over,
  };
}

/** A synced practice-system catalogue (GET /api/data-access/catalogue). */
export const CATALOGUE_FIXTURE: PermissionsCatalogue = {
  catalogue_synced: true,
  features: [
    { id: 'patients', name: 'Patients', category: 'Clinical', description: '', table_count: 3 },
    { id: 'billing', name: 'Billing', category: 'Finance', description: '', table_count: 5 },
  ],
  event_types: [{ id: 'appointment.created', description: '' }],
};

const DEFAULT_CATEGORIES = ['Patient Management', 'Appointment Scheduling', 'Imaging & X-Ray'].map((name) =>
  categoryFixture(name),
);

/**
 * The developer-apps API over an in-memory list: own apps, quick create/update, the wizard's
 * submit/update, delete, uploads and the categories. `db` is the list; `uploads` counts images.
 */
export function developerAppsHandlers(
  opts: {
    apps?: EditableApp[];
    categories?: Category[];
    purchases?: unknown[] | null;
    catalogue?: PermissionsCatalogue;
    declarations?: Record<string, PermissionsDeclaration>;
  } = {},
) {
  const db: EditableApp[] = [...(opts.apps ?? [])];
  const catalogue = opts.catalogue ?? CATALOGUE_FIXTURE;
  const declarations: Record<string, PermissionsDeclaration> = { ...opts.declarations };
  let uploaded = 0;
  const find = (id: string | undefined) => db.find((a) => a.id === id);

  const handlers: HttpHandler[] = [
    http.get('/api/apps', () => HttpResponse.json(db)),
    http.get<{ id: string }>('/api/apps/:id', ({ params }) => {
      const app = find(params.id);
      return app ? HttpResponse.json(app) : fail(404, 'App not found');
    }),
    http.post('/api/apps', async ({ request }) => {
      const body = (await bodyOf(request)) as Partial<EditableApp>;
      const app = ownAppFixture({ ...body, name: body.name ?? '', is_approved: body.type !== 'public' });
      db.unshift(app);
      return HttpResponse.json(app, { status: 201 });
    }),
    http.put<{ id: string }>('/api/apps/:id', async ({ request, params }) => {
      const app = find(params.id);
      if (!app) return fail(404, 'App not found');
      Object.assign(app, await bodyOf(request));
      return HttpResponse.json(app);
    }),
    http.post('/api/apps/submit', async ({ request }) => {
      const { metadata, ...body } = (await bodyOf(request)) as Record<string, unknown> & {
        metadata: object;
        name: string;
      };
      const app = ownAppFixture({ ...(body as object), ...metadata, name: body.name, type: 'public' } as EditableApp);
      db.unshift(app);
      return HttpResponse.json(app, { status: 201 });
    }),
    http.put<{ id: string }>('/api/apps/:id/update', async ({ request, params }) => {
      const app = find(params.id);
      if (!app) return fail(404, 'App not found');
      const { metadata, ...body } = (await bodyOf(request)) as Record<string, unknown> & { metadata: object };
      Object.assign(app, body, metadata);
      return HttpResponse.json(app);
    }),
    http.delete<{ id: string }>('/api/apps/:id', ({ params }) => {
      const i = db.findIndex((a) => a.id === params.id);
      if (i < 0) return fail(404, 'App not found');
      db.splice(i, 1);
      return HttpResponse.json({ message: 'App deleted' });
    }),
    // Uploads: presign, the browser's post to storage (a same-origin stand-in here), confirm.
    http.post('/api/upload/presign', async ({ request }) => {
      const { files } = (await bodyOf(request)) as { files: Array<{ name: string }> };
      return HttpResponse.json({
        uploads: files.map((f) => ({
          url: '/fake-s3/uploads',
          fields: { key: `pending/${f.name}` },
          key: `pending/${f.name}`,
        })),
        expires_in: 600,
      });
    }),
    http.post('/fake-s3/uploads', () => new HttpResponse(null, { status: 204 })),
    http.post('/api/upload/confirm', async ({ request }) => {
      const { keys, kind = 'screenshot' } = (await bodyOf(request)) as { keys: string[]; kind?: string };
      const images = keys.map((key) => {
        uploaded += 1;
        return { url: `/uploads/${kind}-${uploaded}-${key.slice('pending/'.length)}`, width: 256, height: 256 };
      });
      return HttpResponse.json({ images }, { status: 201 });
    }),
    http.get('/api/categories', () => HttpResponse.json(opts.categories ?? DEFAULT_CATEGORIES)),
    // Permissions: the catalogue, an app's declaration, and the owner's PUT (checked like the server).
    http.get('/api/data-access/catalogue', () => HttpResponse.json(catalogue)),
    http.get<{ id: string }>('/api/apps/:id/data-access', ({ params }) =>
      HttpResponse.json({
        catalogue_synced: catalogue.catalogue_synced,
        declaration: declarations[params.id ?? ''] ?? null,
      }),
    ),
    http.put<{ id: string }>('/api/apps/:id/data-access', async ({ request, params }) => {
      const parsed = PermissionsInputSchema.safeParse(await bodyOf(request));
      if (!parsed.success) return fail(400, parsed.error.issues[0]?.message);
      const features = parsed.data.features.map((f) => {
        const known = catalogue.features.find((c) => c.id === f.id);
        return { id: f.id, name: known?.name ?? f.id, description: '', access: f.access, tables: [] };
      });
      const declaration = {
        features,
        event_types: parsed.data.event_types.map((id) => ({ id, description: '' })),
        baa_signed: parsed.data.baa_signed,
        baa_url: parsed.data.baa_url,
        updated_at: '2025-03-02T10:00:00.000Z',
      };
      declarations[params.id ?? ''] = declaration;
      return HttpResponse.json({ catalogue_synced: true, declaration });
    }),
  ];
  // No manual licence waits for the developer unless a test serves some.
  handlers.push(http.get('/api/manual-licences', () => HttpResponse.json({ licences: [], next_cursor: null })));
  if (opts.purchases !== null)
    handlers.push(http.get('/api/stripe/my-purchases', () => HttpResponse.json(opts.purchases ?? [])));
  return { handlers, db };
}
