import { type FormFieldValue, formAnswerText, padPhoneParts } from '@baukasten/commerce';
import type { SiteFormField, StoredFormAnswer } from '@baukasten/storage';

/** Types whose answer is a set of named parts (spec 3), stored as `values`. */
const COMPOUND = new Set(['address', 'date', 'name', 'phone', 'time', 'likert']);
const SKIPPED = new Set(['section', 'line', 'captcha']);

const PHONE_PARTS = ['Country', 'Areacode', 'Prefix', 'Line'] as const;

/** The phone answer as named parts whether it came as a list of 3 or 4 parts or as an object. */
function phoneParts(value: FormFieldValue): Record<string, string> | FormFieldValue {
  if (!Array.isArray(value)) return value;
  const parts = padPhoneParts(value as readonly string[]);
  return Object.fromEntries(PHONE_PARTS.map((name, i) => [name, parts[i] ?? '']));
}

/**
 * Turns the submitted values into stored answers (rawTitle and values of spec 3) with the readable
 * summary of the shop rules, in the order of the form's fields.
 */
export function formAnswers(
  fields: readonly SiteFormField[],
  values: Readonly<Record<string, FormFieldValue>>,
): StoredFormAnswer[] {
  return fields
    .filter((field) => !SKIPPED.has(field.type))
    .map((field) => {
      // A hidden field carries what the page put in it (scripts fill such fields, e.g. from the address);
      // the owner's value when nothing came. It is data about the visit, never trusted for more.
      const raw =
        field.type === 'phone'
          ? phoneParts(values[field.id])
          : field.type === 'hidden'
            ? (values[field.id] ?? field.value ?? '')
            : values[field.id];
      const compound = COMPOUND.has(field.type) || Array.isArray(raw);
      const answer = compound
        ? { type: field.type, rawTitle: field.title, values: raw }
        : { type: field.type, rawTitle: field.title, value: raw };
      return {
        fieldId: field.id,
        type: field.type,
        rawTitle: field.title,
        values: raw ?? null,
        summary: formAnswerText(answer),
      };
    });
}
