import { AppSubmitSchema } from '@shared/schemas/apps';
import { created, type DeveloperHandler } from '../http/types';
import { parse } from '../http/validate';
import { developerApps } from '../wiring/developer-apps';

/** POST /api/apps/submit: the wizard's full payload; a public app, Pending Review. 201 with the app. */
export const submitApp: DeveloperHandler = async (req) =>
  created(await developerApps.submit(req.auth.userId, parse(AppSubmitSchema, req.body)));
