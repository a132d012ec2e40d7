import {
  LiftSuppressionRequest,
  SUPPRESSION_LIFTED,
  SUPPRESSION_NOT_FOUND,
  type SuppressedAddress,
} from '@shared/schemas/mail';
import { bodyOf, fail, type HttpHandler, HttpResponse, http, offsetPage } from '../server';

/** A suppressed address as GET /api/admin/mail-suppressions lists it. */
export function suppressedAddressFixture(over: Partial<SuppressedAddress> & Pick<SuppressedAddress, 'email'>) {
  return {
    reason: 'bounce',
    detail: 'Permanent (General)',
    suppressed_at: '2026-11-20T10:00:00Z',
    ...over,
  } satisfies SuppressedAddress;
}

/**
 * The admin's mail suppression list over an in-memory list, with the server's rules: lifting an
 * address that is not suppressed is a 404 with the server's detail.
 */
export function adminMailHandlers(opts: { suppressed?: SuppressedAddress[] } = {}) {
  const db: SuppressedAddress[] = [...(opts.suppressed ?? [])];
  const handlers: HttpHandler[] = [
    // One page (`limit`, default 50; the cursor here: the offset), the next named by X-Next-Cursor.
    http.get('/api/admin/mail-suppressions', ({ request }) => offsetPage(request, db, 50)),
    http.post('/api/admin/mail-suppressions/lift', async ({ request }) => {
      const parsed = LiftSuppressionRequest.safeParse(await bodyOf(request));
      if (!parsed.success) return fail(400, parsed.error.issues[0]?.message);
      const i = db.findIndex((s) => s.email === parsed.data.email);
      if (i < 0) return fail(404, SUPPRESSION_NOT_FOUND);
      db.splice(i, 1);
      return HttpResponse.json({ message: SUPPRESSION_LIFTED });
    }),
  ];
  return { handlers, db };
}
