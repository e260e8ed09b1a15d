import type { FormAnswerLike } from '@baukasten/commerce';
import { isAnswerField } from '../forms/form-fields.js';
import type { FieldValue, SiteFormField } from '../forms/form-types.js';

/** One stored answer of the additional-fields form (spec 3: each answer has rawTitle and values). */
export interface CustomFormAnswer extends FormAnswerLike {
  id: string;
  type: string;
  rawTitle: string;
}

/**
 * The answers as the cart entry keeps them (`additionalFields`, a JSON string): one per answering
 * field in form order, `value` for single values, `values` for parts and checkboxes, the shape the
 * cart and order summaries read (commerce summarizeFormAnswer).
 */
export function customFormAnswers(
  fields: readonly SiteFormField[],
  values: Readonly<Record<string, FieldValue>>,
): CustomFormAnswer[] {
  return fields.filter(isAnswerField).map((field) => {
    const value = values[field.id];
    const answer: CustomFormAnswer = { id: field.id, type: field.type, rawTitle: field.title };
    if (typeof value === 'string' || value === undefined) answer.value = (value ?? '').trim();
    else answer.values = value;
    return answer;
  });
}

/** The values of stored answers, to open the form again with them. */
export function valuesOfAnswers(additionalFields: string | null | undefined): Record<string, FieldValue> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(additionalFields ?? '[]');
  } catch {
    return {};
  }
  const values: Record<string, FieldValue> = {};
  for (const answer of Array.isArray(parsed) ? parsed : []) {
    const a = answer as { id?: unknown; value?: unknown; values?: unknown };
    if (typeof a?.id !== 'string') continue;
    if (typeof a.value === 'string') values[a.id] = a.value;
    else if (Array.isArray(a.values)) values[a.id] = a.values.map(String);
    else if (a.values && typeof a.values === 'object')
      values[a.id] = Object.fromEntries(Object.entries(a.values).map(([k, v]) => [k, String(v ?? '')]));
  }
  return values;
}
