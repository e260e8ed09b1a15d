import { api } from '../../api/api-client.js';

/* The API-key calls of the admin API (packages/server/src/admin/api-keys). */

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

export interface ApiKeyScope {
  scope: string;
  label: string;
}

const base = (siteId: string) => `/sites/${encodeURIComponent(siteId)}/api-keys`;

export const apiKeys = {
  list: (siteId: string) => api.get<{ apiKeys: ApiKey[]; scopes: ApiKeyScope[] }>(base(siteId)),
  create: (siteId: string, input: { name: string; scopes: string[] }) =>
    api.post<{ apiKey: ApiKey; key: string }>(base(siteId), input),
  revoke: (siteId: string, keyId: string) =>
    api.delete<{ revoked: true }>(`${base(siteId)}/${encodeURIComponent(keyId)}`),
};
