import { UserRole } from '@baukasten/commerce';
import type { Storage } from '@baukasten/storage';
import type { FastifyInstance } from 'fastify';
import { accountWithSession, type Browser } from '../admin/admin-test-kit.js';
import { buildApp } from '../app.js';
import { createTestShop, type TestShop } from '../commerce/test-shop.js';
import type { RegisteredRoute } from '../security/route-catalogue.js';
import { inMemorySharedState } from '../shared-state.js';

/*
 * Test code only: one app with a small shop, its signed-in administrator and a second website, and every
 * route the app registered with its path parameters filled in. The security matrices walk this list.
 */

export const OWNER_TOKEN = 'inhaber-geheimnis-1234567890';
export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RouteMatrix {
  app: FastifyInstance;
  shop: TestShop;
  otherShop: TestShop;
  /** Administrator of `shop`'s website, signed in (cookies, crumb). */
  owner: Browser;
  routes: RegisteredRoute[];
  /** The route's URL with every `:param` and `*` replaced by ids of `shop` (or of `otherShop`). */
  urlOf(route: RegisteredRoute, of?: 'own' | 'other'): string;
  /** The Host a route of this kind is called on. */
  hostOf(route: RegisteredRoute): string;
}

export const isAdminRoute = (route: RegisteredRoute) => route.url.startsWith('/api/admin');

/** Unlimited rate limits, so hundreds of calls from one address measure what they mean to. */
const unlimited = () => {
  const base = inMemorySharedState();
  return { ...base, rateLimiter: () => ({ hit: async () => true }) };
};

export async function routeMatrix(storage: Storage): Promise<RouteMatrix> {
  await storage.migrate();
  const app = await buildApp({ storage, logLevel: 'silent', shared: unlimited() });
  await app.ready();
  const shop = await createTestShop(storage, 'matrix.test', 10, { ownerToken: OWNER_TOKEN });
  const otherShop = await createTestShop(storage, 'andere.test', 10, { ownerToken: 'anderer-geheimnis-987' });
  const { account, browser: owner } = await accountWithSession(app, storage, 'Inhaberin');
  await storage.siteMembers.add(shop.websiteId, account.id, [UserRole.ADMIN]);

  const idFor = (name: string, s: TestShop): string => {
    const variant = s.mug.product?.variants[0]?.id ?? 'v';
    if (/site|website/i.test(name)) return s.websiteId;
    if (/variant/i.test(name)) return variant;
    if (/product|item/i.test(name)) return s.mug.id;
    return `${name}-unbekannt`;
  };
  return {
    app,
    shop,
    otherShop,
    owner,
    routes: app.registeredRoutes.filter((r) => r.url !== '/healthz'),
    urlOf(route, of = 'own') {
      const s = of === 'own' ? shop : otherShop;
      return route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => idFor(name, s)).replace(/\*$/, 'x');
    },
    hostOf: (route) => (isAdminRoute(route) ? 'admin.localhost' : shop.hostname),
  };
}
