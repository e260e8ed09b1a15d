// The site form as GET /api/rest/forms/{id} answers it (server forms/form-routes.ts publicForm, spec 3).

export interface SiteFormField {
  id: string;
  /** address, checkbox, date, hidden, likert, name, phone, radio, select, time; else text-like
   * (text, email, textarea, website, number …); section and line only structure the form. */
  type: string;
  title: string;
  required?: boolean;
  description?: string | null;
  placeholder?: string | null;
  /** Character limit of text and textarea fields. */
  maxLength?: number | null;
  /** Choices of radio, select and checkbox fields. */
  options?: string[] | null;
  /** Statements of a likert question. */
  questions?: string[] | null;
  /** What a hidden field sends with every submission, set by the site owner. */
  value?: string | null;
}

export interface SiteFormDefinition {
  id: string;
  name: string;
  fields: SiteFormField[];
  submissionMessage?: string | null;
  /** Post-submit HTML; the server sanitises it before it leaves the site owner's settings. */
  submissionHTML?: string | null;
  successRedirect?: string | null;
  disclaimerMessage?: string | null;
  /** Default true on the server: the form asks for a captcha unless its owner turned it off. */
  captchaEnabled?: boolean;
  captchaTheme?: number | null;
  captchaAlignment?: number | null;
}

/** A field's value as the form sends it: text, chosen options, or named parts (spec 3 answer parts). */
export type FieldValue = string | string[] | Record<string, string>;
