/*
 * The editor's addresses under /config (History API). `routeOf` reads a path into a route; `pathOf`
 * writes one, so links are never spelled by hand.
 */

export const BASE = '/config';

export type SiteSection =
  | 'dashboard'
  | 'pages'
  | 'products'
  | 'newProduct'
  | 'productImport'
  | 'product'
  | 'inventory'
  | 'orders'
  | 'order'
  | 'customers'
  | 'settings'
  | 'members'
  | 'analytics'
  | 'forms'
  | 'formSubmissions'
  | 'media'
  | 'code'
  | 'design'
  | 'apiKeys'
  | 'webhooks'
  | 'domains'
  | 'redirects'
  | 'content'
  | 'contentEntries'
  | 'comments'
  | 'newsletter'
  | 'legal'
  | 'payments';

export type Route =
  | { name: 'home' }
  | { name: 'signIn' }
  | { name: 'signUp' }
  /** The link of the sign-up mail; the token is in the query (`?token=`). */
  | { name: 'verifyAccount' }
  | { name: 'newSite' }
  | { name: 'invitation'; token: string }
  | {
      name: 'site';
      siteId: string;
      section: SiteSection;
      productId?: string;
      orderId?: string;
      formId?: string;
      /** A blog or events page (section contentEntries). */
      collectionId?: string;
    }
  | { name: 'analytics' }
  | { name: 'account' }
  | { name: 'notFound' };

/** German path segments of a site's sections. */
const SEGMENTS: Record<string, SiteSection> = {
  seiten: 'pages',
  produkte: 'products',
  lager: 'inventory',
  bestellungen: 'orders',
  kunden: 'customers',
  einstellungen: 'settings',
  mitglieder: 'members',
  analytics: 'analytics',
  formulare: 'forms',
  bilder: 'media',
  code: 'code',
  design: 'design',
  'api-schluessel': 'apiKeys',
  webhooks: 'webhooks',
  domains: 'domains',
  weiterleitungen: 'redirects',
  inhalte: 'content',
  kommentare: 'comments',
  newsletter: 'newsletter',
  rechtliches: 'legal',
  zahlungen: 'payments',
};

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

export function routeOf(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '');
  if (path !== BASE && !path.startsWith(`${BASE}/`)) return { name: 'notFound' };
  const parts = path.slice(BASE.length).split('/').filter(Boolean).map(decode);
  if (parts.length === 0) return { name: 'home' };
  const [first, second, third, fourth] = parts;
  if (parts.length === 1 && first === 'anmelden') return { name: 'signIn' };
  if (parts.length === 1 && first === 'registrieren') return { name: 'signUp' };
  if (parts.length === 1 && first === 'konto-bestaetigen') return { name: 'verifyAccount' };
  // The dashboards' own address: the editor opens them for the person's first site that allows them.
  if (parts.length === 1 && first === 'analytics') return { name: 'analytics' };
  if (parts.length === 1 && first === 'konto') return { name: 'account' };
  if (first === 'invitations' && parts.length === 2) return { name: 'invitation', token: second };
  if (first !== 'sites' || !second) return { name: 'notFound' };
  if (second === 'neu' && parts.length === 2) return { name: 'newSite' };
  const siteId = second;
  if (parts.length === 2) return { name: 'site', siteId, section: 'dashboard' };
  const section = SEGMENTS[third];
  if (!section || parts.length > 4) return { name: 'notFound' };
  if (parts.length === 3) return { name: 'site', siteId, section };
  if (section === 'products')
    return fourth === 'neu'
      ? { name: 'site', siteId, section: 'newProduct' }
      : fourth === 'import'
        ? { name: 'site', siteId, section: 'productImport' }
        : { name: 'site', siteId, section: 'product', productId: fourth };
  if (section === 'orders') return { name: 'site', siteId, section: 'order', orderId: fourth };
  if (section === 'forms') return { name: 'site', siteId, section: 'formSubmissions', formId: fourth };
  if (section === 'content') return { name: 'site', siteId, section: 'contentEntries', collectionId: fourth };
  return { name: 'notFound' };
}

const enc = encodeURIComponent;

export const paths = {
  home: () => BASE,
  signIn: (returnTo?: string) => (returnTo ? `${BASE}/anmelden?weiter=${enc(returnTo)}` : `${BASE}/anmelden`),
  signUp: (returnTo?: string) =>
    returnTo ? `${BASE}/registrieren?weiter=${enc(returnTo)}` : `${BASE}/registrieren`,
  newSite: () => `${BASE}/sites/neu`,
  invitation: (token: string) => `${BASE}/invitations/${enc(token)}`,
  site: (siteId: string) => `${BASE}/sites/${enc(siteId)}`,
  pages: (siteId: string) => `${BASE}/sites/${enc(siteId)}/seiten`,
  products: (siteId: string) => `${BASE}/sites/${enc(siteId)}/produkte`,
  newProduct: (siteId: string) => `${BASE}/sites/${enc(siteId)}/produkte/neu`,
  productImport: (siteId: string) => `${BASE}/sites/${enc(siteId)}/produkte/import`,
  product: (siteId: string, productId: string) => `${BASE}/sites/${enc(siteId)}/produkte/${enc(productId)}`,
  inventory: (siteId: string) => `${BASE}/sites/${enc(siteId)}/lager`,
  orders: (siteId: string) => `${BASE}/sites/${enc(siteId)}/bestellungen`,
  order: (siteId: string, orderId: string) => `${BASE}/sites/${enc(siteId)}/bestellungen/${enc(orderId)}`,
  customers: (siteId: string) => `${BASE}/sites/${enc(siteId)}/kunden`,
  settings: (siteId: string) => `${BASE}/sites/${enc(siteId)}/einstellungen`,
  members: (siteId: string) => `${BASE}/sites/${enc(siteId)}/mitglieder`,
  analytics: (siteId: string) => `${BASE}/sites/${enc(siteId)}/analytics`,
  forms: (siteId: string) => `${BASE}/sites/${enc(siteId)}/formulare`,
  formSubmissions: (siteId: string, formId: string) =>
    `${BASE}/sites/${enc(siteId)}/formulare/${enc(formId)}`,
  media: (siteId: string) => `${BASE}/sites/${enc(siteId)}/bilder`,
  code: (siteId: string) => `${BASE}/sites/${enc(siteId)}/code`,
  design: (siteId: string) => `${BASE}/sites/${enc(siteId)}/design`,
  apiKeys: (siteId: string) => `${BASE}/sites/${enc(siteId)}/api-schluessel`,
  webhooks: (siteId: string) => `${BASE}/sites/${enc(siteId)}/webhooks`,
  domains: (siteId: string) => `${BASE}/sites/${enc(siteId)}/domains`,
  redirects: (siteId: string) => `${BASE}/sites/${enc(siteId)}/weiterleitungen`,
  content: (siteId: string) => `${BASE}/sites/${enc(siteId)}/inhalte`,
  /** A blog's posts or an events page's events; with an entry id (or 'neu') its form. */
  contentEntries: (siteId: string, collectionId: string, entry?: string) =>
    `${BASE}/sites/${enc(siteId)}/inhalte/${enc(collectionId)}${entry ? `?eintrag=${enc(entry)}` : ''}`,
  comments: (siteId: string) => `${BASE}/sites/${enc(siteId)}/kommentare`,
  newsletter: (siteId: string) => `${BASE}/sites/${enc(siteId)}/newsletter`,
  legal: (siteId: string) => `${BASE}/sites/${enc(siteId)}/rechtliches`,
  payments: (siteId: string) => `${BASE}/sites/${enc(siteId)}/zahlungen`,
  account: () => `${BASE}/konto`,
};

/** Where to go after signing in: the `weiter` parameter when it stays inside the editor. */
export function returnPathOf(search: string): string {
  const target = new URLSearchParams(search).get('weiter');
  return target && /^\/config(\/|$|\?)/.test(target) && !target.startsWith('//') ? target : BASE;
}
