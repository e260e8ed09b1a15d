import type { Kysely, Selectable } from 'kysely';
import { atomically } from './atomically.js';
import type { SiteFormsTable } from './forms-email-schema.js';
import { newId } from './ids.js';
import { fromJson, toJson } from './json-column.js';
import type { Database } from './schema.js';
import type { FormDefinition } from './types.js';

/** A form field (spec 3): address, checkbox, date, hidden, likert, name, phone, radio, select, time, or text-like. */
export interface SiteFormField {
  id: string;
  type: string;
  title: string;
  required?: boolean;
  description?: string;
  placeholder?: string;
  maxLength?: number;
  /** Choices of radio, select and checkbox fields. */
  options?: string[];
  /** Statements of a likert question. */
  questions?: string[];
  /** What a hidden field sends with every submission, set by the owner. */
  value?: string;
}

export interface SiteFormSettings {
  submissionMessage?: string;
  submissionHTML?: string;
  successRedirect?: string;
  disclaimerMessage?: string;
  /** Default true: a form asks for a captcha unless its owner turned it off. */
  captchaEnabled: boolean;
  captchaTheme?: number;
  captchaAlignment?: number;
  /** Where submissions are mailed; absent means the website's owner email. */
  notificationEmail?: string;
}

export interface SiteForm extends SiteFormSettings {
  websiteId: string;
  id: string;
  name: string;
  fields: SiteFormField[];
  createdAt: number;
}

export interface NewSiteForm extends Partial<SiteFormSettings> {
  id?: string;
  name: string;
  fields: SiteFormField[];
}

/** A stored answer: rawTitle and values as spec 3 describes, plus the readable summary line. */
export interface StoredFormAnswer {
  fieldId: string;
  type: string;
  rawTitle: string;
  values: unknown;
  summary: string;
}

export interface FormSubmission {
  websiteId: string;
  id: string;
  formId: string;
  answers: StoredFormAnswer[];
  createdAt: number;
}

export interface SiteFormRepository {
  create(websiteId: string, input: NewSiteForm, now?: number): Promise<SiteForm>;
  findById(websiteId: string, id: string): Promise<SiteForm | undefined>;
  /** The website's forms, by name. */
  list(websiteId: string): Promise<SiteForm[]>;
  /**
   * Replaces a form's name, fields and settings (the whole settings: what is not given is gone);
   * undefined when the website has no such form. With `productCopy`, every product of the website that
   * uses the form as its additional-fields form gets that copy of the saved form, in the same transaction.
   */
  update(
    websiteId: string,
    id: string,
    input: Omit<NewSiteForm, 'id'>,
    now?: number,
    productCopy?: (form: SiteForm) => FormDefinition,
  ): Promise<SiteForm | undefined>;
  /**
   * Deletes a form and its submissions in one transaction and takes it off the products that used it as
   * their additional-fields form; false when there was none.
   */
  delete(websiteId: string, id: string): Promise<boolean>;
  /** A new single-use submission key. */
  issueKey(websiteId: string, key: string, now?: number): Promise<void>;
  /**
   * Spends a key issued at most maxAgeMs ago: true exactly once per key, by one conditional UPDATE, so a
   * replayed or doubled submission is refused.
   */
  spendKey(websiteId: string, key: string, maxAgeMs: number, now?: number): Promise<boolean>;
  saveSubmission(
    websiteId: string,
    formId: string,
    answers: StoredFormAnswer[],
    now?: number,
  ): Promise<FormSubmission>;
  /** Newest first. */
  listSubmissions(websiteId: string, formId: string, opts?: { limit?: number }): Promise<FormSubmission[]>;
}

function toForm(row: Selectable<SiteFormsTable>): SiteForm {
  const settings = fromJson<Partial<SiteFormSettings>>(row.settings, {});
  return {
    ...settings,
    captchaEnabled: settings.captchaEnabled !== false,
    websiteId: row.website_id,
    id: row.id,
    name: row.name,
    fields: fromJson<SiteFormField[]>(row.fields, []),
    createdAt: Number(row.created_at),
  };
}

export function siteFormRepository(db: Kysely<Database>): SiteFormRepository {
  return {
    async create(websiteId, input, now = Date.now()) {
      const { id, name, fields, ...settings } = input;
      const row = {
        website_id: websiteId,
        id: id ?? newId(now),
        name,
        fields: toJson(fields),
        settings: toJson({ captchaEnabled: true, ...settings }),
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('site_forms').values(row).execute();
      return toForm(row);
    },

    async findById(websiteId, id) {
      if (typeof id !== 'string' || id === '') return undefined;
      const row = await db
        .selectFrom('site_forms')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toForm(row) : undefined;
    },

    async list(websiteId) {
      const rows = await db
        .selectFrom('site_forms')
        .selectAll()
        .where('website_id', '=', websiteId)
        .orderBy('name')
        .orderBy('id')
        .limit(1000)
        .execute();
      return rows.map(toForm);
    },

    async update(websiteId, id, input, now = Date.now(), productCopy) {
      const { name, fields, id: _ignored, ...settings } = input as NewSiteForm;
      return atomically(db, async (tx) => {
        const result = await tx
          .updateTable('site_forms')
          .set({
            name,
            fields: toJson(fields),
            settings: toJson({ captchaEnabled: true, ...settings }),
            updated_at: now,
          })
          .where('website_id', '=', websiteId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return undefined;
        const row = await tx
          .selectFrom('site_forms')
          .selectAll()
          .where('website_id', '=', websiteId)
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const form = toForm(row);
        if (productCopy) {
          await tx
            .updateTable('products')
            .set({ additional_fields_form: toJson(productCopy(form)) })
            .where('website_id', '=', websiteId)
            .where('additional_fields_form_id', '=', id)
            .execute();
        }
        return form;
      });
    },

    async delete(websiteId, id) {
      return atomically(db, async (tx) => {
        const result = await tx
          .deleteFrom('site_forms')
          .where('website_id', '=', websiteId)
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        await tx
          .updateTable('products')
          .set({ additional_fields_form_id: null, additional_fields_form: null })
          .where('website_id', '=', websiteId)
          .where('additional_fields_form_id', '=', id)
          .execute();
        await tx
          .deleteFrom('form_submissions')
          .where('website_id', '=', websiteId)
          .where('form_id', '=', id)
          .execute();
        return true;
      });
    },

    async issueKey(websiteId, key, now = Date.now()) {
      await db
        .insertInto('form_submission_keys')
        .values({ website_id: websiteId, key, created_at: now })
        .execute();
    },

    async spendKey(websiteId, key, maxAgeMs, now = Date.now()) {
      if (typeof key !== 'string' || key === '') return false;
      const result = await db
        .updateTable('form_submission_keys')
        .set({ used_at: now })
        .where('website_id', '=', websiteId)
        .where('key', '=', key)
        .where('used_at', 'is', null)
        .where('created_at', '>=', now - maxAgeMs)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async saveSubmission(websiteId, formId, answers, now = Date.now()) {
      const id = newId(now);
      await db
        .insertInto('form_submissions')
        .values({ website_id: websiteId, id, form_id: formId, answers: toJson(answers), created_at: now })
        .execute();
      return { websiteId, id, formId, answers, createdAt: now };
    },

    async listSubmissions(websiteId, formId, opts = {}) {
      const rows = await db
        .selectFrom('form_submissions')
        .selectAll()
        .where('website_id', '=', websiteId)
        .where('form_id', '=', formId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(Math.min(Math.max(opts.limit ?? 100, 1), 1000))
        .execute();
      return rows.map((r) => ({
        websiteId: r.website_id,
        id: r.id,
        formId: r.form_id,
        answers: fromJson<StoredFormAnswer[]>(r.answers, []),
        createdAt: Number(r.created_at),
      }));
    },
  };
}
