import { QuickAppCreateSchema } from '@shared/schemas/apps';
import { created, type DeveloperHandler } from '../http/types';
import { parse } from '../http/validate';
import { developerApps } from '../wiring/developer-apps';

/** POST /api/apps: the quick form (name, type, website_url, description...). 201 with the app. */
export const createApp: DeveloperHandler = async (req) =>
  created(await developerApps.quickCreate(req.auth.userId, parse(QuickAppCreateSchema, req.body)));
