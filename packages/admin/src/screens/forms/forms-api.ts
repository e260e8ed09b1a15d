import { api, apiUrl } from '../../api/api-client.js';

/* The form calls of the admin API (packages/server/src/admin/forms, README there). */

export interface SiteFormSummary {
  id: string;
  name: string;
  fieldCount: number;
}

export interface FormSubmission {
  id: string;
  createdAt: number;
  answers: { fieldId: string; title: string; summary: string }[];
}

/** A field as the builder edits it (spec 3 form fields; server admin/forms/form-input.ts). */
export interface BuilderField {
  /** Absent for a new field: the server makes one from the label. */
  id?: string;
  type: string;
  title: string;
  required?: boolean;
  description?: string;
  placeholder?: string;
  maxLength?: number | null;
  options?: string[];
  questions?: string[];
  /** What a hidden field sends with every submission. */
  value?: string;
}

export interface SiteFormSettings {
  submissionMessage: string;
  submissionHTML: string;
  successRedirect: string;
  disclaimerMessage: string;
  captchaEnabled: boolean;
  /** 1 light, 2 dark. */
  captchaTheme: number | null;
  /** 1 left, 2 centre, 3 right. */
  captchaAlignment: number | null;
  notificationEmail: string;
}

export interface SiteFormDefinition extends SiteFormSettings {
  id: string;
  name: string;
  fields: BuilderField[];
  createdAt: number;
}

export type SiteFormInput = Omit<SiteFormDefinition, 'id' | 'createdAt'>;

const base = (siteId: string) => `/sites/${encodeURIComponent(siteId)}/forms`;

export const forms = {
  list: (siteId: string) => api.get<{ forms: SiteFormSummary[] }>(base(siteId)),
  submissions: (siteId: string, formId: string) =>
    api.get<{ form: { id: string; name: string }; submissions: FormSubmission[] }>(
      `${base(siteId)}/${encodeURIComponent(formId)}/submissions`,
    ),
  get: (siteId: string, formId: string) =>
    api.get<{ form: SiteFormDefinition }>(`${base(siteId)}/${encodeURIComponent(formId)}`),
  create: (siteId: string, form: SiteFormInput) => api.post<{ form: SiteFormDefinition }>(base(siteId), form),
  update: (siteId: string, formId: string, form: SiteFormInput) =>
    api.patch<{ form: SiteFormDefinition }>(`${base(siteId)}/${encodeURIComponent(formId)}`, form),
  delete: (siteId: string, formId: string) =>
    api.delete<{ deleted: true }>(`${base(siteId)}/${encodeURIComponent(formId)}`),
  /** A plain link: the browser downloads the file with the session cookie. */
  csvUrl: (siteId: string, formId: string) =>
    apiUrl(`${base(siteId)}/${encodeURIComponent(formId)}/submissions.csv`),
};
