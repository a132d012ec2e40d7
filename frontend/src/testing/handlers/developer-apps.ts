import type { Category } from '../../../../shared/schemas/categories';
import {
  type DataAccessCatalogue,
  type DataAccessDeclaration,
  DataAccessInputSchema,
} from '../../../../shared/schemas/data-access';
import type { EditableApp } from '../../features/submit-app/types';
import { fail, type Handlers, ok } from '../fake-server';

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

export function categoryFixture(name: string): Category {
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
  };
}

/** A synced practice-system catalogue (GET /api/data-access/catalogue). */
export const CATALOGUE_FIXTURE: DataAccessCatalogue = {
  catalogue_synced: true,
  features: [
    { id: 'patients', name: 'Patients', category: 'Clinical', description: '', table_count: 3 },
    { id: 'billing', name: 'Billing', category: 'Finance', description: '', table_count: 5 },
  ],
  event_types: [{ id: 'appointment.created', description: '' }],
};

const DEFAULT_CATEGORIES = ['Patient Management', 'Appointment Scheduling', 'Imaging & X-Ray'].map(categoryFixture);

/**
 * The developer-apps API over an in-memory list: own apps, quick create/update, the wizard's
 * submit/update, delete, uploads and the categories. `db` is the list; `uploads` counts images.
 */
export function developerAppsHandlers(
  opts: {
    apps?: EditableApp[];
    categories?: Category[];
    purchases?: unknown[] | null;
    catalogue?: DataAccessCatalogue;
    declarations?: Record<string, DataAccessDeclaration>;
  } = {},
) {
  const db: EditableApp[] = [...(opts.apps ?? [])];
  const catalogue = opts.catalogue ?? CATALOGUE_FIXTURE;
  const declarations: Record<string, DataAccessDeclaration> = { ...opts.declarations };
  let uploaded = 0;
  const find = (id: string | undefined) => db.find((a) => a.id === id);

  const handlers: Handlers = {
    'GET /api/apps': () => ok(db),
    'GET /api/apps/:id': (req) => {
      const app = find(req.params.id);
      return app ? ok(app) : fail(404, 'App not found');
    },
    'POST /api/apps': (req) => {
      const body = req.body as Partial<EditableApp>;
      const app = ownAppFixture({ ...body, name: body.name ?? '', is_approved: body.type !== 'public' });
      db.unshift(app);
      return { status: 201, body: app };
    },
    'PUT /api/apps/:id': (req) => {
      const app = find(req.params.id);
      if (!app) return fail(404, 'App not found');
      Object.assign(app, req.body);
      return ok(app);
    },
    'POST /api/apps/submit': (req) => {
      const { metadata, ...body } = req.body as Record<string, unknown> & { metadata: object; name: string };
      const app = ownAppFixture({ ...(body as object), ...metadata, name: body.name, type: 'public' } as EditableApp);
      db.unshift(app);
      return { status: 201, body: app };
    },
    'PUT /api/apps/:id/update': (req) => {
      const app = find(req.params.id);
      if (!app) return fail(404, 'App not found');
      const { metadata, ...body } = req.body as Record<string, unknown> & { metadata: object };
      Object.assign(app, body, metadata);
      return ok(app);
    },
    'DELETE /api/apps/:id': (req) => {
      const i = db.findIndex((a) => a.id === req.params.id);
      if (i < 0) return fail(404, 'App not found');
      db.splice(i, 1);
      return ok({ message: 'App deleted' });
    },
    // Uploads: presign, the browser's post to storage (a same-origin stand-in here), confirm.
    'POST /api/upload/presign': (req) => {
      const { files } = req.body as { files: Array<{ name: string }> };
      return ok({
        uploads: files.map((f) => ({
          url: '/fake-s3/uploads',
          fields: { key: `pending/${f.name}` },
          key: `pending/${f.name}`,
        })),
        expires_in: 600,
      });
    },
    'POST /fake-s3/uploads': () => ({ status: 204 }),
    'POST /api/upload/confirm': (req) => {
      const { keys, kind = 'screenshot' } = req.body as { keys: string[]; kind?: string };
      return {
        status: 201,
        body: {
          images: keys.map((key) => {
            uploaded += 1;
            return { url: `/uploads/${kind}-${uploaded}-${key.slice('pending/'.length)}`, width: 256, height: 256 };
          }),
        },
      };
    },
    'GET /api/categories': () => ok(opts.categories ?? DEFAULT_CATEGORIES),
    // Data access: the catalogue, an app's declaration, and the owner's PUT (checked like the server).
    'GET /api/data-access/catalogue': () => ok(catalogue),
    'GET /api/apps/:id/data-access': (req) =>
      ok({ catalogue_synced: catalogue.catalogue_synced, declaration: declarations[req.params.id ?? ''] ?? null }),
    'PUT /api/apps/:id/data-access': (req) => {
      const parsed = DataAccessInputSchema.safeParse(req.body);
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
      declarations[req.params.id ?? ''] = declaration;
      return ok({ catalogue_synced: true, declaration });
    },
  };
  if (opts.purchases !== null) handlers['GET /api/stripe/my-purchases'] = () => ok(opts.purchases ?? []);
  return { handlers, db };
}
