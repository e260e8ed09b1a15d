import type { FastifyInstance } from 'fastify';
import type { PageDeps } from '../pages/send-page.js';
import { registerSearchPage } from './search-page.js';

/**
 * Routes of the content module that are not a collection or item page: the site search. Blog and events
 * pages are reached through the collection routes of page-routes.ts (renderContentCollection).
 */
export function registerContentRoutes(app: FastifyInstance, deps: PageDeps) {
  registerSearchPage(app, deps);
}
