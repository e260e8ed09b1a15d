import { api } from '../../api/api-client.js';

/* The redirect and 404-page calls of the admin API (packages/server/src/redirects/redirect-admin-routes.ts). */

export interface Redirect {
  id: string;
  fromPath: string;
  toTarget: string;
  status: 301 | 302;
  /** Written when a page, product or post got a new address. */
  automatic: boolean;
  updatedAt: number;
}

export interface RedirectInput {
  fromPath: string;
  toTarget: string;
  status: 301 | 302;
}

export interface NotFoundPage {
  title: string;
  text: string;
}

const base = (siteId: string) => `/sites/${encodeURIComponent(siteId)}`;

export const redirects = {
  list: (siteId: string) =>
    api.get<{ redirects: Redirect[]; notFoundPage: NotFoundPage }>(`${base(siteId)}/redirects`),
  create: (siteId: string, input: RedirectInput) =>
    api.post<{ redirect: Redirect }>(`${base(siteId)}/redirects`, input),
  update: (siteId: string, id: string, input: RedirectInput) =>
    api.patch<{ redirect: Redirect }>(`${base(siteId)}/redirects/${encodeURIComponent(id)}`, input),
  remove: (siteId: string, id: string) =>
    api.delete<{ deleted: true }>(`${base(siteId)}/redirects/${encodeURIComponent(id)}`),
  saveNotFoundPage: (siteId: string, page: NotFoundPage) =>
    api.patch<{ notFoundPage: NotFoundPage }>(`${base(siteId)}/not-found-page`, page),
};
