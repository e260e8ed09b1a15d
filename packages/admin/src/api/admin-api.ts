import type {
  Block,
  Collection,
  CollectionDetail,
  Invitation,
  Member,
  MemberSite,
  NewSite,
  OrderDetail,
  OrderFilter,
  OrderSummary,
  PageChanges,
  PageKind,
  Product,
  ProductInput,
  ProductSummary,
  Session,
  Site,
  SiteChanges,
  StockLevel,
  StockRow,
  StoreSettings,
} from './admin-types.js';
import { api, apiUrl } from './api-client.js';

/* One typed function per admin route the editor uses (packages/server/src/admin/README.md). */

const site = (siteId: string) => `/sites/${encodeURIComponent(siteId)}`;
const id = encodeURIComponent;

export const accounts = {
  /** Answers the same for a new and a taken address: the mail tells which (security review #18). */
  signUp: (input: { email: string; password: string; name: string; returnTo?: string }) =>
    api.post<{ checkMail: true; message: string }>('/accounts', input, { allowSignedOut: true }),
  /** The sign-up mail's link: makes the account and signs in, once. */
  verify: (token: string) => api.post<Session>('/accounts/verify', { token }, { allowSignedOut: true }),
  signIn: (input: { email: string; password: string }) =>
    api.post<Session>('/session', input, { allowSignedOut: true }),
  signOut: () => api.delete<{ signedIn: false }>('/session', { allowSignedOut: true }),
  /** Who is signed in; a 401 here is an answer (nobody), not a reason to leave the page. */
  session: () => api.get<Session>('/session', { allowSignedOut: true }),
};

export const sites = {
  create: (input: NewSite) => api.post<{ site: Site }>('/sites', input),
  get: (siteId: string) => api.get<{ site: Site }>(site(siteId)),
  update: (siteId: string, changes: SiteChanges) => api.patch<{ site: Site }>(site(siteId), changes),
  delete: (siteId: string) => api.delete<{ deleted: true }>(site(siteId)),
};

export const members = {
  list: (siteId: string) =>
    api.get<{ members: Member[]; invitations: Invitation[] }>(`${site(siteId)}/members`),
  setRoles: (siteId: string, accountId: string, roles: number[]) =>
    api.patch<{ member: Member }>(`${site(siteId)}/members/${id(accountId)}`, { roles }),
  remove: (siteId: string, accountId: string) =>
    api.delete<{ removed: true }>(`${site(siteId)}/members/${id(accountId)}`),
  invite: (siteId: string, input: { email: string; roles: number[] }) =>
    api.post<{ invitation: Invitation; token: string; acceptUrl: string }>(
      `${site(siteId)}/invitations`,
      input,
    ),
  revoke: (siteId: string, invitationId: string) =>
    api.delete<{ revoked: true }>(`${site(siteId)}/invitations/${id(invitationId)}`),
  accept: (token: string) => api.post<{ site?: MemberSite }>(`/invitations/${id(token)}/accept`),
};

export const pages = {
  list: (siteId: string) => api.get<{ collections: Collection[] }>(`${site(siteId)}/collections`),
  get: (siteId: string, pageId: string) =>
    api.get<CollectionDetail>(`${site(siteId)}/collections/${id(pageId)}`),
  create: (siteId: string, input: { type: PageKind; title: string; urlId?: string; hidden?: boolean }) =>
    api.post<CollectionDetail>(`${site(siteId)}/collections`, input),
  update: (siteId: string, pageId: string, changes: PageChanges) =>
    api.patch<CollectionDetail>(`${site(siteId)}/collections/${id(pageId)}`, changes),
  delete: (siteId: string, pageId: string) =>
    api.delete<{ deleted: true }>(`${site(siteId)}/collections/${id(pageId)}`),
  reorder: (siteId: string, order: string[]) =>
    api.patch<{ collections: Collection[] }>(`${site(siteId)}/navigation`, { order }),
  saveDraft: (siteId: string, pageId: string, blocks: Block[]) =>
    api.patch<CollectionDetail>(`${site(siteId)}/collections/${id(pageId)}/draft`, { blocks }),
  publish: (siteId: string, pageId: string) =>
    api.post<CollectionDetail>(`${site(siteId)}/collections/${id(pageId)}/publish`),
  /** Takes or renews the page's editing lease; 409 PAGE_LOCKED names who holds it (R8.7.12). */
  lock: (siteId: string, pageId: string) =>
    api.post<{ lock: { holderName: string; expiresAt: number; renewAfterMs: number } | null }>(
      `${site(siteId)}/collections/${id(pageId)}/lock`,
    ),
  unlock: (siteId: string, pageId: string) =>
    api.delete<{ released: boolean }>(`${site(siteId)}/collections/${id(pageId)}/lock`),
};

export interface ListQuery {
  q?: string;
  collectionId?: string;
  limit?: number;
  offset?: number;
}

export const products = {
  list: (siteId: string, query: ListQuery = {}) =>
    api.get<{ products: ProductSummary[]; total: number; limit: number; offset: number }>(
      `${site(siteId)}/products`,
      { query: { ...query } },
    ),
  get: (siteId: string, productId: string) =>
    api.get<{ product: Product }>(`${site(siteId)}/products/${id(productId)}`),
  create: (siteId: string, input: ProductInput) =>
    api.post<{ product: Product }>(`${site(siteId)}/products`, input),
  update: (siteId: string, productId: string, changes: ProductInput) =>
    api.patch<{ product: Product }>(`${site(siteId)}/products/${id(productId)}`, changes),
  delete: (siteId: string, productId: string) =>
    api.delete<{ deleted: true }>(`${site(siteId)}/products/${id(productId)}`),
};

export const inventory = {
  list: (siteId: string, query: ListQuery = {}) =>
    api.get<{ variants: StockRow[]; total: number; limit: number; offset: number }>(
      `${site(siteId)}/inventory`,
      { query: { ...query } },
    ),
  /** Sets one variant's stock, refused (409 STOCK_CHANGED, with `current`) when it moved since `expected`. */
  setStock: (siteId: string, variantId: string, expected: StockLevel, next: Partial<StockLevel>) =>
    api.patch<{ variantId: string } & StockLevel>(`${site(siteId)}/inventory/${id(variantId)}`, {
      expected,
      ...next,
    }),
};

export const storeSettings = {
  get: (siteId: string) => api.get<{ storeSettings: StoreSettings }>(`${site(siteId)}/store-settings`),
  update: (
    siteId: string,
    changes: Partial<
      Pick<StoreSettings, 'taxRates' | 'shippingZones' | 'coupons' | 'allowCombiningCoupons' | 'replyToEmail'>
    >,
  ) => api.patch<{ storeSettings: StoreSettings }>(`${site(siteId)}/store-settings`, changes),
};

const orderQuery = (filter: OrderFilter) => ({
  status: filter.status || undefined,
  from: filter.from,
  to: filter.to,
  q: filter.q,
  offset: filter.offset || undefined,
});

export const orders = {
  list: (siteId: string, filter: OrderFilter = {}) =>
    api.get<{ orders: OrderSummary[]; total: number; limit: number; offset: number }>(
      `${site(siteId)}/orders`,
      { query: orderQuery(filter) },
    ),
  get: (siteId: string, orderId: string) =>
    api.get<{ order: OrderDetail }>(`${site(siteId)}/orders/${id(orderId)}`),
  fulfil: (siteId: string, orderId: string) =>
    api.post<{ order: OrderDetail }>(`${site(siteId)}/orders/${id(orderId)}/fulfil`),
  markPaid: (siteId: string, orderId: string) =>
    api.post<{ order: OrderDetail }>(`${site(siteId)}/orders/${id(orderId)}/mark-paid`),
  cancel: (siteId: string, orderId: string) =>
    api.post<{ order: OrderDetail }>(`${site(siteId)}/orders/${id(orderId)}/cancel`),
  /** A plain link: the browser downloads the file with the session cookie. */
  exportUrl: (siteId: string, filter: OrderFilter = {}) =>
    apiUrl(`${site(siteId)}/orders/export.csv`, { ...orderQuery(filter), offset: undefined }),
};
