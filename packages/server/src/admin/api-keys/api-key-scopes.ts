import type { Permission } from '@baukasten/commerce';

/*
 * What an API key may do, scope by scope. A key never acts as a person: it reaches only the routes a scope
 * names below, with the permission given there, and nothing that needs a signed-in owner.
 */

export const API_KEY_SCOPES = [
  'catalog.read',
  'orders.read',
  'inventory.write',
  // The public API (/api/v1, public-api/) only: the editor's routes below know none of these.
  'catalog.write',
  'orders.write',
  'discounts.read',
  'discounts.write',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'catalog.read': 'Produkte und Lagerbestand lesen',
  'orders.read': 'Bestellungen lesen',
  'inventory.write': 'Lagerbestand ändern',
  'catalog.write': 'Produkte anlegen, ändern und löschen',
  'orders.write': 'Bestellungen bearbeiten (versenden)',
  'discounts.read': 'Rabattcodes lesen',
  'discounts.write': 'Rabattcodes anlegen und löschen',
};

interface ScopeRule {
  scope: ApiKeyScope;
  method: string;
  permission: Permission;
  /** The route's URL pattern as Fastify knows it, after the /api/admin prefix. */
  route: RegExp;
}

const RULES: ScopeRule[] = [
  {
    scope: 'catalog.read',
    method: 'GET',
    permission: 'commerce.view',
    route: /^\/sites\/:siteId\/(products|inventory)(\/|$)/,
  },
  {
    scope: 'orders.read',
    method: 'GET',
    permission: 'commerce.view',
    route: /^\/sites\/:siteId\/orders(\/|\.csv$|$)/,
  },
  {
    scope: 'inventory.write',
    method: 'PATCH',
    permission: 'commerce.inventory',
    route: /^\/sites\/:siteId\/inventory\/:variantId$/,
  },
];

/** True when a key with `scopes` may call this route for this permission. */
export function scopesAllow(
  scopes: readonly string[],
  method: string,
  route: string,
  permission: Permission,
): boolean {
  const path = route.replace(/^\/api\/admin/, '');
  return RULES.some(
    (rule) =>
      scopes.includes(rule.scope) &&
      rule.method === method &&
      rule.permission === permission &&
      rule.route.test(path),
  );
}
