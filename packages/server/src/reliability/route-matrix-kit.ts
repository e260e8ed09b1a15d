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

/**
 * Host headers the server refuses with 400 (security review #18, finding 3), with why: the variants tried
 * against the old parser, which kept whatever stood before a colon.
 */
export const HOSTILE_HOSTS: Record<string, string> = {
  'shop.localhost:@evil.example': 'userinfo after an empty port',
  'evil.example@shop.localhost': 'userinfo before the host',
  'user:pass@shop.localhost': 'credentials',
  'shop.localhost:3000@evil.example': 'userinfo after a port',
  'shop.localhost evil.example': 'a space inside',
  'shop .localhost': 'a space in a label',
  'shop.localhost:': 'an empty port',
  'shop.localhost:65536': 'a port above 65535',
  'shop.localhost:99999999': 'a port far above 65535',
  'shop.localhost:0': 'port 0',
  'shop.localhost:-1': 'a negative port',
  'shop.localhost:80a': 'a port with letters',
  'shop.localhost:+80': 'a signed port',
  'shop.localhost:3000:4000': 'two ports',
  'shop.localhost::3000': 'two colons',
  '::1': 'an IPv6 address without brackets',
  '[::1': 'an unclosed bracket',
  '[::1]x': 'text after the bracket',
  '[::1]:': 'an empty port after IPv6',
  '[::1]:70000': 'a too large port after IPv6',
  '[evil.example]': 'a name in brackets',
  'shop.localhost..': 'two trailing dots',
  '.shop.localhost': 'a leading dot',
  'shop..localhost': 'an empty label',
  'shöp.localhost': 'non-ASCII',
  'shop.localhost\u3002evil': 'an ideographic full stop',
  'shop_1.localhost': 'an underscore',
  '-shop.localhost': 'a label starting with a hyphen',
  'shop-.localhost': 'a label ending with a hyphen',
  'shop.localhost/evil': 'a path',
  'shop.localhost#evil': 'a fragment',
  'shop.localhost?x=1': 'a query',
  'shop.localhost\\evil.example': 'a backslash',
  '%73hop.localhost': 'percent-encoding',
  ':3000': 'no hostname',
  '': 'empty',
  [`${'a'.repeat(64)}.localhost`]: 'a label longer than 63',
  [`${'a.'.repeat(127)}de`]: 'a name longer than 253',
};

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
