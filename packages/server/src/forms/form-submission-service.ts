import { randomBytes } from 'node:crypto';
import { FORM_MESSAGES, type FormFieldValue, isValidEmail, validateForm } from '@baukasten/commerce';
import type { SiteForm, Storage, Website } from '@baukasten/storage';
import { formNotificationEmail } from '../email/email-templates.js';
import { HttpError } from '../http-error.js';
import { formAnswers } from './form-answers.js';

/** A submission key is good for one submission within this time. */
export const FORM_KEY_MAX_AGE_MS = 2 * 60 * 60_000;

/** Field id -> German message; the route answers it as 400 {data: {errors}}. */
export class FieldErrors extends Error {
  constructor(readonly errors: Record<string, string>) {
    super(FORM_MESSAGES.fieldsInvalid);
  }
}

/** Site forms: single-use keys, validation by the shop rules, storage and the owner's email. */
export class FormSubmissionService {
  constructor(private readonly storage: Storage) {}

  async issueKey(website: Website): Promise<string> {
    const key = randomBytes(24).toString('base64url');
    await this.storage.forms.issueKey(website.id, key);
    return key;
  }

  async findForm(website: Website, formId: string | undefined): Promise<SiteForm> {
    const form = formId ? await this.storage.forms.findById(website.id, formId) : undefined;
    if (!form) throw new HttpError(404, 'FORM_NOT_CONFIGURED', FORM_MESSAGES.notConfigured);
    return form;
  }

  /** Throws FieldErrors when a field breaks its rule (spec 5). */
  validate(form: SiteForm, values: Readonly<Record<string, FormFieldValue>>): void {
    const result = validateForm(form.fields, values);
    if (!result.valid) throw new FieldErrors(result.fieldErrors);
  }

  /**
   * Spends the key, stores the answers and queues the owner's email in one transaction: a refused key
   * leaves nothing behind, and an accepted submission always has its email on the way.
   */
  async submit(
    website: Website,
    form: SiteForm,
    key: string,
    values: Readonly<Record<string, FormFieldValue>>,
  ): Promise<{ submissionId: string }> {
    this.validate(form, values);
    const answers = formAnswers(form.fields, values);
    const owner = form.notificationEmail ?? website.settings.ownerEmail;
    const visitorEmail = form.fields
      .filter((f) => f.type === 'email')
      .map((f) => values[f.id])
      .find((v): v is string => typeof v === 'string' && isValidEmail(v));
    return this.storage.transaction(async (tx) => {
      if (!(await tx.forms.spendKey(website.id, key, FORM_KEY_MAX_AGE_MS)))
        throw new HttpError(401, 'FORM_KEY_INVALID', FORM_MESSAGES.cannotSubmit);
      const submission = await tx.forms.saveSubmission(website.id, form.id, answers);
      if (typeof owner === 'string' && isValidEmail(owner)) {
        await tx.outbox.enqueue(
          website.id,
          formNotificationEmail({
            to: owner,
            siteTitle: website.title,
            formName: form.name,
            answers: answers.map((a) => ({ title: a.rawTitle, text: a.summary })),
            replyTo: visitorEmail?.trim(),
          }),
        );
      }
      return { submissionId: submission.id };
    });
  }
}
