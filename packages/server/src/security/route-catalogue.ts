import type { FastifyInstance } from 'fastify';

/*
 * Every route the app registers, as Fastify's onRoute hook sees it. The security matrices (crumb on every
 * state change, fuzzing, tenant isolation) walk this list, so a new route is covered the day it is added.
 */

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Filled while routes are registered; complete once the app is ready. */
    registeredRoutes: RegisteredRoute[];
  }
}

/** Call right after creating the app, before any route is added. */
export function recordRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method, url: route.url });
    }
  });
}
