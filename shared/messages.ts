/**
 * Every user-facing text the spec quotes, word for word (docs/spec.md sections 2, 4, 5 and 8), and
 * the service's own (shared/messages/service.ts). Server and SPA both import them from shared/ so a text
 * can never drift between them.
 *
 * The texts live in one module per area (shared/messages/*.ts), each text a named export; MSG
 * gathers them all. A module that needs a few texts of one area imports that area as its MSG
 * (`import * as MSG from '../shared/messages/screens'`), so a bundle that has it (the storefront
 * Lambda, the visitor's first download) holds the texts it uses and not every text of the product.
 */
import * as confirmations from './messages/confirmations';
import * as failures from './messages/failures';
import * as screens from './messages/screens';
import * as service from './messages/service';
import * as successes from './messages/successes';
import * as validation from './messages/validation';

export const MSG = { ...service, ...validation, ...failures, ...successes, ...confirmations, ...screens };
