import { isValidEmail } from '@baukasten/commerce';
import type { NewSiteForm, SiteFormField } from '@baukasten/storage';
import { z } from 'zod';
import { pageUrlFromTitle } from '../pages/page-input.js';
import { formMessages as m } from './form-messages.js';

/*
 * The body of a site form as the builder sends it (spec 3 Forms, R3.15): its name, its fields in the
 * order visitors see them, and its settings. Parsed with parseInput (admin-input.ts), so every problem
 * is a German message at its dotted path (`fields.2.options`).
 */

/** The field types of spec 3 (R3.15.2) and the text-like and structuring ones the form block renders. */
export const BUILDER_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'website',
  'number',
  'name',
  'address',
  'phone',
  'date',
  'time',
  'checkbox',
  'radio',
  'select',
  'likert',
  'hidden',
  'section',
  'line',
] as const;

const CHOICE_TYPES = new Set(['checkbox', 'radio', 'select']);
const LIMITED_TYPES = new Set(['text', 'textarea']);
/** Types without an answer: they never are required. */
const STRUCTURE_TYPES = new Set(['section', 'line']);

/** Captcha look (spec 3 captchaTheme): 1 light, 2 dark; position (captchaAlignment): 1 left, 2 centre, 3 right. */
export const CAPTCHA_THEMES = [1, 2] as const;
export const CAPTCHA_ALIGNMENTS = [1, 2, 3] as const;

const FIELD_ID = /^[a-z0-9_-]{1,64}$/;

const choice = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, message);

const choiceList = (missing: string, invalid: string, tooMany: string, max: number) =>
  z
    .array(choice(invalid), { error: missing })
    .max(max, tooMany)
    .superRefine((list, ctx) => {
      const twice = list.find((v, i) => list.indexOf(v) !== i);
      if (twice !== undefined) ctx.addIssue({ code: 'custom', message: m.choiceTwice(twice) });
    });

const optionalText = (max: number, message: string) => z.string({ error: message }).trim().max(max, message);

const fieldInput = z
  .object({
    id: z.string({ error: m.fieldIdInvalid }).trim().regex(FIELD_ID, m.fieldIdInvalid).optional(),
    type: z.enum(BUILDER_FIELD_TYPES, { error: (issue) => m.notAnExpectedOption(String(issue.input)) }),
    title: z.string({ error: m.fieldTitleMissing }).trim().max(200, m.fieldTitleTooLong).default(''),
    required: z.boolean().default(false),
    description: optionalText(1000, m.descriptionTooLong).optional(),
    placeholder: optionalText(200, m.placeholderTooLong).optional(),
    maxLength: z
      .number({ error: m.maxLengthInvalid })
      .int(m.maxLengthInvalid)
      .min(1, m.maxLengthInvalid)
      .max(10_000, m.maxLengthInvalid)
      .nullable()
      .optional(),
    options: choiceList(m.choicesMissing, m.choiceInvalid, m.tooManyChoices, 100).optional(),
    questions: choiceList(m.questionsMissing, m.questionInvalid, m.tooManyQuestions, 30).optional(),
    /** The value a hidden field sends with every submission (a campaign, a source page …). */
    value: z.string({ error: m.hiddenValueInvalid }).trim().max(1000, m.hiddenValueTooLong).optional(),
  })
  .superRefine((field, ctx) => {
    if (field.type !== 'line' && field.title === '')
      ctx.addIssue({ code: 'custom', message: m.fieldTitleMissing, path: ['title'] });
    if (CHOICE_TYPES.has(field.type) && (field.options ?? []).length === 0)
      ctx.addIssue({ code: 'custom', message: m.choicesMissing, path: ['options'] });
    if (field.type === 'likert' && (field.questions ?? []).length === 0)
      ctx.addIssue({ code: 'custom', message: m.questionsMissing, path: ['questions'] });
    if (field.maxLength != null && !LIMITED_TYPES.has(field.type))
      ctx.addIssue({ code: 'custom', message: m.maxLengthNotHere, path: ['maxLength'] });
    if (field.value && field.type !== 'hidden')
      ctx.addIssue({ code: 'custom', message: m.valueNotHere, path: ['value'] });
  });

type FieldInput = z.output<typeof fieldInput>;

const redirect = z
  .string({ error: m.redirectInvalid })
  .trim()
  .max(2083, m.redirectInvalid)
  .refine(
    (url) => url === '' || /^https:\/\/[^\s/]+\S*$/i.test(url) || /^\/(?!\/)\S*$/.test(url),
    m.redirectInvalid,
  );

const numberChoice = (values: readonly number[]) =>
  z
    .number({ error: (issue) => m.notAnExpectedOption(String(issue.input)) })
    .refine((n) => values.includes(n), { error: (issue) => m.notAnExpectedOption(String(issue.input)) })
    .nullable()
    .optional();

/** A whole form: what POST creates and PATCH replaces. */
export const siteFormInput = z
  .strictObject({
    name: z.string({ error: m.nameMissing }).trim().min(1, m.nameMissing).max(200, m.nameTooLong),
    fields: z.array(fieldInput, { error: m.fieldsMissing }).min(1, m.fieldsMissing).max(100, m.tooManyFields),
    submissionMessage: optionalText(5000, m.messageTooLong).optional(),
    submissionHTML: z.string({ error: m.htmlTooLong }).max(50_000, m.htmlTooLong).optional(),
    successRedirect: redirect.optional(),
    disclaimerMessage: optionalText(5000, m.messageTooLong).optional(),
    captchaEnabled: z.boolean().default(true),
    captchaTheme: numberChoice(CAPTCHA_THEMES),
    captchaAlignment: numberChoice(CAPTCHA_ALIGNMENTS),
    notificationEmail: z
      .string({ error: m.emailInvalid })
      .trim()
      .toLowerCase()
      .refine((email) => email === '' || isValidEmail(email), m.emailInvalid)
      .optional(),
  })
  .superRefine((form, ctx) => {
    form.fields.forEach((field, i) => {
      if (field.id === undefined) return;
      if (form.fields.findIndex((f) => f.id === field.id) !== i)
        ctx.addIssue({ code: 'custom', message: m.fieldIdTwice(field.id), path: ['fields', i, 'id'] });
    });
  });

export type SiteFormInput = z.output<typeof siteFormInput>;

export const formParams = z.object({
  siteId: z.string(),
  formId: z.string().regex(/^[A-Za-z0-9._~-]{1,64}$/),
});

/** A field id from its title ('Ihre E-Mail' → 'ihre-e-mail'), made unique with -2, -3 … */
function fieldIdFrom(field: FieldInput, taken: Set<string>): string {
  const base = pageUrlFromTitle(field.title || field.type)
    .replace(/^seite$/, 'feld')
    .slice(0, 56);
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

/** The stored form: ids for new fields, empty texts dropped, only the keys each type uses. */
export function storedForm(input: SiteFormInput): Omit<NewSiteForm, 'id'> {
  const taken = new Set(input.fields.flatMap((f) => (f.id ? [f.id] : [])));
  const fields = input.fields.map((f): SiteFormField => {
    const id = f.id ?? fieldIdFrom(f, taken);
    taken.add(id);
    const field: SiteFormField = { id, type: f.type, title: f.title };
    if (f.required && !STRUCTURE_TYPES.has(f.type) && f.type !== 'hidden') field.required = true;
    if (f.description) field.description = f.description;
    if (f.placeholder) field.placeholder = f.placeholder;
    if (f.maxLength != null && LIMITED_TYPES.has(f.type)) field.maxLength = f.maxLength;
    if (CHOICE_TYPES.has(f.type)) field.options = f.options;
    if (f.type === 'likert') field.questions = f.questions;
    if (f.type === 'hidden' && f.value) field.value = f.value;
    return field;
  });
  const form: Omit<NewSiteForm, 'id'> = { name: input.name, fields, captchaEnabled: input.captchaEnabled };
  if (input.submissionMessage) form.submissionMessage = input.submissionMessage;
  if (input.submissionHTML?.trim()) form.submissionHTML = input.submissionHTML;
  if (input.successRedirect) form.successRedirect = input.successRedirect;
  if (input.disclaimerMessage) form.disclaimerMessage = input.disclaimerMessage;
  if (input.captchaTheme != null) form.captchaTheme = input.captchaTheme;
  if (input.captchaAlignment != null) form.captchaAlignment = input.captchaAlignment;
  if (input.notificationEmail) form.notificationEmail = input.notificationEmail;
  return form;
}
