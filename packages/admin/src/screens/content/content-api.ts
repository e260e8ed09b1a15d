import { api } from '../../api/api-client.js';

/* The blog post and event calls of the admin API (packages/server/src/admin/content, README there). */

export type EntryStatus = 'draft' | 'scheduled' | 'published';

export interface EventLocation {
  addressLine1?: string;
  addressLine2?: string;
  addressCountry?: string;
  mapLat?: number;
  mapLng?: number;
}

export interface Entry {
  id: string;
  kind: 'post' | 'event';
  collectionId: string;
  urlId: string;
  fullUrl: string;
  title: string;
  /** HTML. */
  excerpt: string;
  /** HTML. */
  body: string;
  /** The Markdown excerpt and body were written in; null when they were written as HTML. */
  markdown?: { excerpt: string; body: string } | null;
  categories: string[];
  tags: string[];
  authorDisplayName: string | null;
  starred: boolean;
  /** 0 none, 1 open, 2 closed. */
  commentState: number;
  assetUrl: string | null;
  status: EntryStatus;
  publishedOn: number | null;
  /** Wall-clock time of the site's time zone: '2026-07-04T14:00'; null for a draft. */
  publishAt: string | null;
  startDate?: number;
  endDate?: number;
  startAt?: string;
  endAt?: string;
  location?: EventLocation | null;
  createdAt: number;
  updatedAt: number;
}

export interface ContentCollection {
  id: string;
  title: string;
  kind: 'blog' | 'events';
  fullUrl: string;
  timeZone: string;
}

export interface EntryInput {
  title?: string;
  urlId?: string;
  format?: 'markdown' | 'html';
  excerpt?: string;
  body?: string;
  categories?: string[];
  tags?: string[];
  authorDisplayName?: string;
  starred?: boolean;
  commentState?: number;
  publishAt?: string | null;
  assetUrl?: string | null;
  startAt?: string;
  endAt?: string;
  location?: {
    addressLine1?: string;
    addressLine2?: string;
    addressCountry?: string;
    mapLat?: number | null;
    mapLng?: number | null;
  } | null;
}

const enc = encodeURIComponent;
const base = (siteId: string, collectionId: string) =>
  `/sites/${enc(siteId)}/collections/${enc(collectionId)}/entries`;

export const content = {
  list: (siteId: string, collectionId: string) =>
    api.get<{ collection: ContentCollection; entries: Entry[] }>(base(siteId, collectionId)),
  get: (siteId: string, collectionId: string, entryId: string) =>
    api.get<{ entry: Entry }>(`${base(siteId, collectionId)}/${enc(entryId)}`),
  create: (siteId: string, collectionId: string, input: EntryInput) =>
    api.post<{ entry: Entry }>(base(siteId, collectionId), input),
  update: (siteId: string, collectionId: string, entryId: string, changes: EntryInput) =>
    api.patch<{ entry: Entry }>(`${base(siteId, collectionId)}/${enc(entryId)}`, changes),
  publish: (siteId: string, collectionId: string, entryId: string) =>
    api.post<{ entry: Entry }>(`${base(siteId, collectionId)}/${enc(entryId)}/publish`),
  unpublish: (siteId: string, collectionId: string, entryId: string) =>
    api.post<{ entry: Entry }>(`${base(siteId, collectionId)}/${enc(entryId)}/unpublish`),
  remove: (siteId: string, collectionId: string, entryId: string) =>
    api.delete<{ deleted: true }>(`${base(siteId, collectionId)}/${enc(entryId)}`),
};
