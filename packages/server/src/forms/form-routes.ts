import {
  ANSWER_PARTS,
  BlockType,
  CAPTCHA_ACTIONS,
  FORM_FIELD_TYPES,
  FORM_MESSAGES,
  type FormFieldValue,
} from '@baukasten/commerce';
import type { SiteForm, Storage } from '@baukasten/storage';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { requireCrumb } from '../crumb.js';
import { HttpError } from '../http-error.js';
import { parseOr400 } from '../parse-input.js';
import { websiteOf } from '../site-request.js';
import { CaptchaUnavailableError, isCaptchaAction } from './captcha.js';
import { formApiMessages as m } from './form-messages.js';
import { FieldErrors, FormSubmissionService } from './form-submission-service.js';
import { sanitizedSubmissionHtml } from './submission-html.js';
import type { VisitorFormGuard } from './visitor-form-guard.js';

const saveBody = z.object({
  key: z.string().max(200).optional(),
  formId: z.string().max(64).optional(),
  form: z.union([z.string().max(100_000), z.record(z.string(), z.unknown())]).optional(),
  captchaKey: z.string().max(5000).optional().nullable(),
});
const formIdParams = z.object({ formId: z.string().min(1).max(64) });
const challengeQuery = z.object({ action: z.string().max(64) });
const schemaQuery = z.object({ type: z.string().max(20) });
const fieldsUnreadable = () => new HttpError(400, 'FIELDS_UNREADABLE', FORM_MESSAGES.fieldsUnreadable);

/** Field values from a JSON string or an object; anything else is unreadable (400). */
function fieldValues(form: unknown): Record<string, FormFieldValue> {
  let value = form;
  if (typeof form === 'string') {
    try {
      value = JSON.parse(form);
    } catch {
      value = undefined;
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new HttpError(400, 'FIELDS_UNREADABLE', FORM_MESSAGES.fieldsUnreadable);
  return value as Record<string, FormFieldValue>;
}

function sendFieldErrors(reply: FastifyReply, error: FieldErrors) {
  return reply.code(400).send({
    data: { errors: error.errors },
    error: { type: 'FIELDS_INVALID', message: error.message },
  });
}

/** What a visitor's page needs of a form; the owner's notification address stays on the server. */
export function publicForm(form: SiteForm) {
  return {
    id: form.id,
    name: form.name,
    fields: form.fields,
    submissionMessage: form.submissionMessage ?? null,
    submissionHTML: sanitizedSubmissionHtml(form.submissionHTML),
    successRedirect: form.successRedirect ?? null,
    disclaimerMessage: form.disclaimerMessage ?? null,
    captchaEnabled: form.captchaEnabled,
    captchaTheme: form.captchaTheme ?? null,
    captchaAlignment: form.captchaAlignment ?? null,
  };
}

/** The form calls of spec 7 and the captcha challenge every visitor form fetches first. */
export function registerFormRoutes(site: FastifyInstance, storage: Storage, guard: VisitorFormGuard) {
  const forms = new FormSubmissionService(storage);

  site.get('/api/captcha/challenge', async (request) => {
    const query = challengeQuery.safeParse(request.query);
    if (!query.success || !isCaptchaAction(query.data.action))
      throw new HttpError(400, 'BAD_REQUEST', m.captchaActionUnknown(CAPTCHA_ACTIONS));
    try {
      return await guard.captcha.challenge(websiteOf(request), query.data.action);
    } catch (error) {
      if (error instanceof CaptchaUnavailableError)
        throw new HttpError(400, 'CAPTCHA_UNAVAILABLE', error.message);
      throw error;
    }
  });

  site.post('/api/form/FormSubmissionKey', { preHandler: requireCrumb }, async (request) => {
    await guard.limit(request, FORM_MESSAGES.rateLimited);
    return { data: { key: await forms.issueKey(websiteOf(request)) } };
  });

  site.get('/api/rest/forms/:formId', async (request) => {
    const params = formIdParams.safeParse(request.params);
    return publicForm(
      await forms.findForm(websiteOf(request), params.success ? params.data.formId : undefined),
    );
  });

  site.post('/api/rest/forms/validate/:formId', { preHandler: requireCrumb }, async (request, reply) => {
    const params = formIdParams.safeParse(request.params);
    const form = await forms.findForm(websiteOf(request), params.success ? params.data.formId : undefined);
    const body = request.body as { form?: unknown } | undefined;
    const values = fieldValues(body && typeof body === 'object' && 'form' in body ? body.form : body);
    try {
      forms.validate(form, values);
    } catch (error) {
      if (error instanceof FieldErrors) return sendFieldErrors(reply, error);
      throw error;
    }
    return { data: { valid: true } };
  });

  site.post('/api/form/SaveFormSubmission', { preHandler: requireCrumb }, async (request, reply) => {
    const website = websiteOf(request);
    await guard.limit(request, FORM_MESSAGES.rateLimited);
    const body = parseOr400(saveBody, request.body, fieldsUnreadable);
    if (!body.key) throw new HttpError(401, 'FORM_KEY_INVALID', FORM_MESSAGES.cannotSubmit);
    const form = await forms.findForm(website, body.formId);
    const values = fieldValues(body.form);
    try {
      // Field errors first: a visitor fixing a typo should not have to solve the captcha twice.
      forms.validate(form, values);
      if (form.captchaEnabled) await guard.requireCaptcha(website, 'FORM_BLOCK_SUBMISSION', body.captchaKey);
      await forms.submit(website, form, body.key, values);
    } catch (error) {
      if (error instanceof FieldErrors) return sendFieldErrors(reply, error);
      throw error;
    }
    return {
      data: {
        submissionMessage: form.submissionMessage ?? null,
        submissionHTML: sanitizedSubmissionHtml(form.submissionHTML),
        successRedirect: form.successRedirect ?? null,
      },
    };
  });

  site.get('/api/template/GetTemplateSchema', async (request) => {
    const query = schemaQuery.safeParse(request.query);
    const type = query.success ? query.data.type.toLowerCase() : '';
    if (type !== 'form' && type !== String(BlockType.FORM))
      throw new HttpError(400, 'UNKNOWN_TEMPLATE_TYPE', m.templateTypeUnknown);
    return {
      data: {
        type: BlockType.FORM,
        name: 'form',
        fieldTypes: [...FORM_FIELD_TYPES, 'text', 'textarea', 'email', 'website', 'number', 'section'],
        answerParts: ANSWER_PARTS,
        formFields: [
          'id',
          'fields',
          'name',
          'submissionMessage',
          'submissionHTML',
          'successRedirect',
          'disclaimerMessage',
          'captchaEnabled',
          'captchaTheme',
          'captchaAlignment',
        ],
        submissionFields: ['key', 'form', 'captchaKey'],
        captchaAction: 'FORM_BLOCK_SUBMISSION',
      },
    };
  });
}
