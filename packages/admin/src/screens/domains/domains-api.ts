import { api } from '../../api/api-client.js';

/* The own-domain calls of the admin API (packages/server/src/domains/domain-admin-routes.ts). */

export interface SiteDomain {
  domain: string;
  verified: boolean;
  verifiedAt: number | null;
  primary: boolean;
  /** The DNS record that proves the domain is the owner's. */
  record: { type: 'TXT'; name: string; value: string };
}

interface DomainList {
  domains: SiteDomain[];
}

const base = (siteId: string) => `/sites/${encodeURIComponent(siteId)}/domains`;
const one = (siteId: string, domain: string) => `${base(siteId)}/${encodeURIComponent(domain)}`;

export const domains = {
  list: (siteId: string) => api.get<DomainList>(base(siteId)),
  add: (siteId: string, domain: string) =>
    api.post<DomainList & { domain: SiteDomain }>(base(siteId), { domain }),
  verify: (siteId: string, domain: string) => api.post<DomainList>(`${one(siteId, domain)}/verify`, {}),
  makePrimary: (siteId: string, domain: string) => api.post<DomainList>(`${one(siteId, domain)}/primary`, {}),
  remove: (siteId: string, domain: string) => api.delete<DomainList>(one(siteId, domain)),
};
