/*
 * Row shapes of migration 0003 (email outbox, restock sign-ups, site forms, newsletter). They join the
 * Database interface of schema.ts by declaration merging, so this tables live beside their
 * repositories without every change touching schema.ts.
 */

export interface EmailOutboxTable {
  /** Null for a mail of the platform itself, e.g. to an owner about their account (migration 0017). */
  website_id: string | null;
  id: string;
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** JSON list of attachments by reference (migration 0042), rendered when sent; null: none. */
  attachments?: string | null;
  status: string;
  attempts: number;
  next_attempt_at: number;
  lease_until: number | null;
  claim_token: string | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

export interface RestockSignupsTable {
  website_id: string;
  id: string;
  product_id: string;
  variant_id: string;
  email: string;
  join_mailing_list: number;
  created_at: number;
  notified_at: number | null;
  /** Primary language subtag the sign-up asked for ('en'); NULL: German (migration 0013). */
  language: string | null;
}

export interface SiteFormsTable {
  website_id: string;
  id: string;
  name: string;
  fields: string;
  settings: string;
  created_at: number;
  updated_at: number;
}

export interface FormSubmissionKeysTable {
  website_id: string;
  key: string;
  created_at: number;
  used_at: number | null;
}

export interface FormSubmissionsTable {
  website_id: string;
  id: string;
  form_id: string;
  answers: string;
  created_at: number;
}

export interface NewsletterSubscribersTable {
  website_id: string;
  id: string;
  email: string;
  status: string;
  token: string;
  created_at: number;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
}

declare module './schema.js' {
  interface Database {
    email_outbox: EmailOutboxTable;
    restock_signups: RestockSignupsTable;
    site_forms: SiteFormsTable;
    form_submission_keys: FormSubmissionKeysTable;
    form_submissions: FormSubmissionsTable;
    newsletter_subscribers: NewsletterSubscribersTable;
  }
}
