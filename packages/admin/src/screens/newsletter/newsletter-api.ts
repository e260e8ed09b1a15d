import { api } from '../../api/api-client.js';

/* The mailing-list and campaign calls of the admin API (packages/server/src/admin/newsletter). */

export interface MailingList {
  id: string;
  name: string;
  createdAt: number;
  counts: { pending: number; confirmed: number; unsubscribed: number };
}

export interface NewsletterCampaign {
  id: string;
  listId: string;
  listName: string;
  subject: string;
  markdown: string;
  recipients: number;
  sentAt: number;
}

const site = (siteId: string) => `/sites/${encodeURIComponent(siteId)}`;
const id = encodeURIComponent;

export const mailingLists = {
  list: (siteId: string) => api.get<{ lists: MailingList[] }>(`${site(siteId)}/mailing-lists`),
  create: (siteId: string, name: string) =>
    api.post<{ list: MailingList }>(`${site(siteId)}/mailing-lists`, { name }),
  rename: (siteId: string, listId: string, name: string) =>
    api.patch<{ list: MailingList }>(`${site(siteId)}/mailing-lists/${id(listId)}`, { name }),
  delete: (siteId: string, listId: string) =>
    api.delete<{ deleted: true }>(`${site(siteId)}/mailing-lists/${id(listId)}`),
};

export const campaigns = {
  list: (siteId: string) =>
    api.get<{ campaigns: NewsletterCampaign[] }>(`${site(siteId)}/newsletter-campaigns`),
  send: (siteId: string, input: { listId: string; subject: string; markdown: string }) =>
    api.post<{ campaign: NewsletterCampaign }>(`${site(siteId)}/newsletter-campaigns`, input),
};
