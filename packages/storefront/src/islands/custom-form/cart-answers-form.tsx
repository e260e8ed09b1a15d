import { ANSWER_PARTS, validateForm } from '@baukasten/commerce';
import { renderToStaticMarkup } from 'react-dom/server';
import { FormField, initialFieldValue, isAnswerField } from '../forms/form-fields.js';
import type { FieldValue } from '../forms/form-types.js';
import type { PurchaseCustomForm } from '../product/types.js';
import { customFormAnswers, valuesOfAnswers } from './custom-form-answers.js';

/*
 * Server side only: the custom product form of a cart line, to change the answers on the cart page
 * without JavaScript (spec 2 cart page, spec 3 additionalFields). The fields are the same `FormField`s
 * the modal shows, rendered to plain HTML and filled with the stored answers; the post comes back with
 * the names those fields carry and is read, checked with the commerce form rules and turned into the
 * entry's `additionalFields` JSON string here, so the modal and the cart page store the same shape.
 */

/** Ids (and names) of one line's fields: unique per cart line, so two lines never share a label. */
export const cartAnswersIdPrefix = (entryId: string) => `angaben-${entryId}`;

export interface CartAnswersFieldsProps {
  form: PurchaseCustomForm;
  entryId: string;
  values: Readonly<Record<string, FieldValue>>;
  /** Field id -> German message shown above the field. */
  errors?: Readonly<Record<string, string>>;
}

const noChange = () => {};

export function CartAnswersFields({ form, entryId, values, errors = {} }: CartAnswersFieldsProps) {
  const idPrefix = cartAnswersIdPrefix(entryId);
  return (
    <>
      {form.fields.map((field) => (
        <FormField
          key={field.id}
          field={field}
          idPrefix={idPrefix}
          value={values[field.id] ?? initialFieldValue(field)}
          error={errors[field.id]}
          onChange={noChange}
        />
      ))}
    </>
  );
}

/** The line's fields as HTML for the cart template (no island: the form posts like any other). */
export function renderCartAnswersFields(props: CartAnswersFieldsProps): string {
  return renderToStaticMarkup(<CartAnswersFields {...props} />);
}

/** The stored answers of an entry as field values (compound answers keep their parts). */
export const cartAnswerValues = (additionalFields: string | null | undefined) =>
  valuesOfAnswers(additionalFields);

type PostBody = Readonly<Record<string, unknown>>;

const postedText = (body: PostBody, name: string): string => {
  const raw = body[name];
  const first = Array.isArray(raw) ? raw[0] : raw;
  return typeof first === 'string' ? first : '';
};

/**
 * The values of a posted cart-line form, read by the names `FormField` gives its controls: text-like
 * fields by field id, radios by control id, each checkbox by its own id, parts as `<control>-<Part>`,
 * likert statements as `<control>-<index>`.
 */
export function valuesOfCartAnswersPost(
  form: PurchaseCustomForm,
  entryId: string,
  body: PostBody,
): Record<string, FieldValue> {
  const prefix = cartAnswersIdPrefix(entryId);
  const values: Record<string, FieldValue> = {};
  for (const field of form.fields.filter(isAnswerField)) {
    const control = `${prefix}-${field.id}`;
    if (field.type in ANSWER_PARTS) {
      const parts = ANSWER_PARTS[field.type as keyof typeof ANSWER_PARTS];
      values[field.id] = Object.fromEntries(
        parts.map((part) => [part, postedText(body, `${control}-${part}`)]),
      );
    } else if (field.type === 'likert') {
      const answers: Record<string, string> = {};
      (field.questions ?? []).forEach((question, q) => {
        const answer = postedText(body, `${control}-${q}`);
        if (answer) answers[question] = answer;
      });
      values[field.id] = answers;
    } else if (field.type === 'checkbox') {
      const options = field.options?.length ? field.options : null;
      const count = options ? options.length : 1;
      const chosen: string[] = [];
      for (let i = 0; i < count; i++) {
        const posted = postedText(body, `${control}-${i}`);
        // Only the options the form offers count, whatever a post claims.
        if (posted && (!options || options.includes(posted))) chosen.push(posted);
      }
      values[field.id] = chosen;
    } else if (field.type === 'radio') {
      values[field.id] = postedText(body, control);
    } else {
      values[field.id] = postedText(body, field.id);
    }
  }
  return values;
}

export type CartAnswersCheck =
  | { valid: true; values: Record<string, FieldValue>; additionalFields: string }
  | { valid: false; values: Record<string, FieldValue>; fieldErrors: Record<string, string> };

/** Reads and checks a posted cart-line form with the same rules as the modal. */
export function checkCartAnswersPost(
  form: PurchaseCustomForm,
  entryId: string,
  body: PostBody,
): CartAnswersCheck {
  const values = valuesOfCartAnswersPost(form, entryId, body);
  const checked = validateForm(form.fields, values);
  if (!checked.valid) return { valid: false, values, fieldErrors: checked.fieldErrors };
  return { valid: true, values, additionalFields: JSON.stringify(customFormAnswers(form.fields, values)) };
}
