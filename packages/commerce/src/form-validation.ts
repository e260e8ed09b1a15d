// Validation of site forms (async form blocks, restock sign-up) by field type (spec 5). The browser
// shows these messages instantly; the server runs the same rules before it stores a submission.

import { normaliseCountryCode } from './address-regions.js';
import { postalCodeProblem } from './postal-codes.js';
import { FORM_MESSAGES, RESTOCK_MESSAGES } from './storefront-messages.js';

export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 256;
export const URL_MAX_LENGTH = 2083;

/** Field types of spec 3; anything else is a single-value text-like field. */
export const FORM_FIELD_TYPES = [
  'address',
  'checkbox',
  'date',
  'hidden',
  'likert',
  'name',
  'phone',
  'radio',
  'select',
  'time',
] as const;

/** Types that hold no answer and are skipped by validation. */
const SKIPPED_TYPES = new Set(['section', 'hidden', 'line', 'captcha']);

export interface FormFieldLike {
  id: string;
  type: string;
  required?: boolean;
  title?: string;
  /** Character limit of text and textarea fields. */
  maxLength?: number | null;
  /** Allowed values of radio, select and checkbox fields. */
  options?: readonly string[] | null;
  /** Statements of a likert question. */
  questions?: readonly string[] | null;
}

export type FormFieldValue =
  | string
  | number
  | boolean
  | readonly string[]
  | Readonly<Record<string, unknown>>
  | null
  | undefined;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function record(value: FormFieldValue): Readonly<Record<string, unknown>> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** Email rule: a string of 3 to 256 characters of the form user@domain.tld; optional ones may be empty. */
export function isValidEmail(value: unknown, required = true): boolean {
  if (typeof value !== 'string') return false;
  const email = value.trim();
  if (email === '') return !required;
  return email.length >= EMAIL_MIN_LENGTH && email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

/** The restock form's email check: empty, invalid, or fine (null). */
export function restockEmailProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return RESTOCK_MESSAGES.emailEmpty;
  return isValidEmail(value) ? null : RESTOCK_MESSAGES.emailInvalid;
}

/** A link of at most 2083 characters with an http(s) scheme or a bare host. */
export function urlProblem(value: string): string | null {
  if (value.length > URL_MAX_LENGTH) return FORM_MESSAGES.urlTooLong;
  return /^(https?:\/\/)?[^\s/$.?#][^\s]*\.[^\s]{2,}$/i.test(value) ? null : FORM_MESSAGES.invalidValue;
}

/** The textarea counter 'n / max', flagged as an error when over the limit. */
export function characterCounter(value: string, maxLength: number): { text: string; overLimit: boolean } {
  const count = [...value].length;
  return { text: `${count} / ${maxLength}`, overLimit: count > maxLength };
}

/** Phone answers of three parts (area code, prefix, line) gain an empty country part in front. */
export function padPhoneParts(parts: readonly string[]): string[] {
  const list = parts.map((part) => String(part ?? ''));
  return list.length === 3 ? ['', ...list] : list;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function dateProblem(parts: Readonly<Record<string, unknown>>, required: boolean): string | null {
  const [month, day, year] = [str(parts.Month), str(parts.Day), str(parts.Year)];
  if (!month && !day && !year) return required ? FORM_MESSAGES.required : null;
  const m = Number(month);
  const d = Number(day);
  const y = Number(year);
  const valid =
    /^\d{4}$/.test(year) &&
    Number.isInteger(m) &&
    m >= 1 &&
    m <= 12 &&
    Number.isInteger(d) &&
    d >= 1 &&
    d <= daysInMonth(y, m);
  return valid ? null : FORM_MESSAGES.invalidValue;
}

function timeProblem(parts: Readonly<Record<string, unknown>>, required: boolean): string | null {
  const [hour, minute, second, ampm] = [
    str(parts.Hour),
    str(parts.Minute),
    str(parts.Second),
    str(parts.Ampm),
  ];
  if (!hour && !minute && !second) return required ? FORM_MESSAGES.required : null;
  const inRange = (text: string, min: number, max: number) =>
    text === '' || (/^\d{1,2}$/.test(text) && Number(text) >= min && Number(text) <= max);
  const valid =
    inRange(hour, 1, 12) && inRange(minute, 0, 59) && inRange(second, 0, 59) && /^(am|pm)?$/i.test(ampm);
  return valid ? null : FORM_MESSAGES.invalidValue;
}

function phoneProblem(value: FormFieldValue, required: boolean): string | null {
  const parts = Array.isArray(value)
    ? padPhoneParts(value as readonly string[])
    : ['Country', 'Areacode', 'Prefix', 'Line'].map((key) => str(record(value)[key]));
  const filled = parts.map((p) => p.trim());
  if (filled.every((p) => p === '')) return required ? FORM_MESSAGES.required : null;
  if (filled.some((p) => p !== '' && !/^[\d\s()+-]+$/.test(p))) return FORM_MESSAGES.invalidValue;
  return filled[3] === '' ? FORM_MESSAGES.required : null;
}

function addressProblem(parts: Readonly<Record<string, unknown>>, required: boolean): string | null {
  const filled = ['Line1', 'Line2', 'City', 'State', 'Zip', 'Country'].some((key) => str(parts[key]) !== '');
  if (!filled) return required ? FORM_MESSAGES.required : null;
  if (required && ['Line1', 'City', 'Country'].some((key) => str(parts[key]) === ''))
    return FORM_MESSAGES.required;
  const country = normaliseCountryCode(str(parts.Country));
  const zip = str(parts.Zip);
  // Only a two-letter country code tells which postal rule applies; a country name is left alone.
  if (zip !== '' && /^[A-Z]{2}$/.test(country)) return postalCodeProblem(country, zip);
  return null;
}

function likertProblem(field: FormFieldLike, value: FormFieldValue): string | null {
  const answers = record(value);
  const questions = field.questions?.length ? field.questions : Object.keys(answers);
  const answered = (q: string) => /^(-2|-1|0|1|2)$/.test(str(answers[q]));
  if (Object.values(answers).some((a) => str(a) !== '' && !/^(-2|-1|0|1|2)$/.test(str(a)))) {
    return FORM_MESSAGES.invalidValue;
  }
  if (field.required && (questions.length === 0 || !questions.every(answered)))
    return FORM_MESSAGES.likertMissing;
  return null;
}

function choiceProblem(field: FormFieldLike, value: FormFieldValue): string | null {
  const chosen = (Array.isArray(value) ? value : [value]).map(str).filter((v) => v !== '');
  if (chosen.length === 0) return field.required ? FORM_MESSAGES.required : null;
  if (field.options?.length && chosen.some((c) => !field.options?.includes(c)))
    return FORM_MESSAGES.invalidValue;
  return null;
}

function textProblem(field: FormFieldLike, value: FormFieldValue): string | null {
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  if (text.trim() === '') return field.required ? FORM_MESSAGES.required : null;
  if (field.maxLength && characterCounter(text, field.maxLength).overLimit)
    return FORM_MESSAGES.characterLimitExceeded;
  if (field.type === 'email') return isValidEmail(text) ? null : FORM_MESSAGES.emailInvalid;
  if (field.type === 'website' || field.type === 'url') return urlProblem(text.trim());
  return null;
}

/** The German problem with one field's value, or null when it is fine (skipped types are always fine). */
export function formFieldProblem(field: FormFieldLike, value: FormFieldValue): string | null {
  const required = field.required === true;
  switch (field.type) {
    case 'address':
      return addressProblem(record(value), required);
    case 'date':
      return dateProblem(record(value), required);
    case 'time':
      return timeProblem(record(value), required);
    case 'phone':
      return phoneProblem(value, required);
    case 'name': {
      const parts = record(value);
      const [first, last] = [str(parts.First), str(parts.Last)];
      if (!first && !last) return required ? FORM_MESSAGES.required : null;
      return required && (!first || !last) ? FORM_MESSAGES.required : null;
    }
    case 'likert':
      return likertProblem(field, value);
    case 'checkbox':
    case 'radio':
    case 'select':
      return choiceProblem(field, value);
    default:
      return SKIPPED_TYPES.has(field.type) ? null : textProblem(field, value);
  }
}

export interface FormValidation {
  /** Field id -> German message, shown above the field. */
  fieldErrors: Record<string, string>;
  /** A shown captcha was not completed. */
  captchaMissing: boolean;
  valid: boolean;
}

/** Validates every field of a form (sections skipped) and a shown captcha. */
export function validateForm(
  fields: readonly FormFieldLike[],
  values: Readonly<Record<string, FormFieldValue>>,
  captcha: { shown: boolean; token?: string | null } = { shown: false },
): FormValidation {
  const fieldErrors: Record<string, string> = {};
  for (const field of fields) {
    const problem = formFieldProblem(field, values[field.id]);
    if (problem) fieldErrors[field.id] = problem;
  }
  const captchaMissing = captcha.shown && !captcha.token;
  return { fieldErrors, captchaMissing, valid: Object.keys(fieldErrors).length === 0 && !captchaMissing };
}

/** Reads a server's `data.errors` (field id -> message) into field errors; anything else is dropped. */
export function serverFieldErrors(errors: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return result;
  for (const [id, message] of Object.entries(errors)) {
    if (typeof message === 'string' && message.trim() !== '') result[id] = message;
  }
  return result;
}
