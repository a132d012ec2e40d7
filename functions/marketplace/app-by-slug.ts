import { SlugParamSchema } from '@shared/schemas/apps';
import { ok, type RouteHandler } from '../http/types';
import { parse } from '../http/validate';
import { answerCache } from '../wiring/answer-cache';
import { marketplace } from '../wiring/catalogue';

/**
 * GET /api/marketplace/apps/by-slug/{slug}: a listed app by slug, else by id; 404 'App not found'
 * otherwise. Its owner or an admin (token sent) also sees it unlisted: such a preview is never
 * cached and is marked private so no shared cache keeps it either.
 */
export const appBySlug: RouteHandler = async (req) => {
  const { slug } = parse(SlugParamSchema, req.params);
  const user = req.optionalAuth;
  if (!user) {
    const answer = await answerCache.answer(`app:${slug}`, async () => (await marketplace.appBySlug(slug)).app);
    return { ...answer, headers: { vary: 'Authorization' } };
  }
  const { app, preview } = await marketplace.appBySlug(slug, { userId: user.userId, role: user.role });
  return ok(app, preview ? { 'cache-control': 'private, no-store', vary: 'Authorization' } : { vary: 'Authorization' });
};
