import { FORM_MESSAGES, validateForm } from '@baukasten/commerce';
import { type FormEvent, useRef, useState } from 'react';
import { FormField, initialFieldValue, isAnswerField } from '../forms/form-fields.js';
import type { FieldValue } from '../forms/form-types.js';
import { useIslandId } from '../island-id.js';
import { ModalDialog } from '../product/modal-dialog.js';
import type { PurchaseCustomForm } from '../product/types.js';
import { customFormAnswers } from './custom-form-answers.js';

export const CUSTOM_FORM_TEXTS = {
  defaultTitle: 'Angaben zum Artikel',
  intro: 'Bitte ergänze deine Angaben zu „{title}“.',
  cancel: 'Abbrechen',
} as const;

export interface CustomFormModalProps {
  form: PurchaseCustomForm;
  productTitle: string;
  /** Label of the submit button: the product's add button text. */
  submitText: string;
  /** Answers given before (a failed add keeps them). */
  initialValues?: Readonly<Record<string, FieldValue>>;
  /** Set while the add (or save) with these answers is on its way. */
  submitting: boolean;
  /** Valid answers, as the cart entry's `additionalFields` JSON string. */
  onSubmit: (additionalFields: string, values: Record<string, FieldValue>) => void;
  onClose: () => void;
}

/**
 * The custom product form (spec 2: a modal for additional-fields forms): the product's form fields,
 * checked with the commerce form rules (messages above their fields); valid answers go to
 * `onSubmit` as the JSON string the cart entry keeps. Closed by its close button, Escape, a click
 * outside or Abbrechen.
 */
export function CustomFormModal(props: CustomFormModalProps) {
  const { form, submitting } = props;
  const idPrefix = useIslandId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<string, FieldValue>>(() =>
    Object.fromEntries(
      form.fields
        .filter(isAnswerField)
        .map((field) => [field.id, props.initialValues?.[field.id] ?? initialFieldValue(field)]),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const change = (fieldId: string, value: FieldValue) => {
    setValues((current) => ({ ...current, [fieldId]: value }));
    setErrors((current) => {
      if (!(fieldId in current)) return current;
      const { [fieldId]: _fixed, ...rest } = current;
      return rest;
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The modal is a portal inside the product form's React tree: its submit is not the product form's.
    event.stopPropagation();
    if (submitting) return;
    const checked = validateForm(form.fields, values);
    setErrors(checked.fieldErrors);
    if (!checked.valid) {
      // The first field with a message is where the shopper has to act.
      const first = form.fields.find((field) => checked.fieldErrors[field.id]);
      const control = first
        ? formRef.current?.querySelector<HTMLElement>(`[id^="${CSS.escape(`${idPrefix}-${first.id}`)}"]`)
        : null;
      control?.focus();
      return;
    }
    props.onSubmit(JSON.stringify(customFormAnswers(form.fields, values)), values);
  };

  const firstControl = () => formRef.current?.querySelector<HTMLElement>('input, select, textarea');

  return (
    <ModalDialog
      title={form.name || CUSTOM_FORM_TEXTS.defaultTitle}
      className="custom-form"
      onClose={props.onClose}
      initialFocus={firstControl}
    >
      <p className="custom-form__intro">{CUSTOM_FORM_TEXTS.intro.replace('{title}', props.productTitle)}</p>
      <form
        ref={formRef}
        className="custom-form__form form-block__form"
        noValidate
        aria-busy={submitting || undefined}
        onSubmit={submit}
      >
        <fieldset className="custom-form__fields form-block__fields" disabled={submitting}>
          {form.fields.map((field) => (
            <FormField
              key={field.id}
              field={field}
              idPrefix={idPrefix}
              value={values[field.id]}
              error={errors[field.id]}
              onChange={(value) => change(field.id, value)}
            />
          ))}
        </fieldset>
        <div className="custom-form__actions">
          <button type="submit" className="button" disabled={submitting}>
            {submitting ? FORM_MESSAGES.submitting : props.submitText}
          </button>
          <button type="button" className="button button--secondary" onClick={props.onClose}>
            {CUSTOM_FORM_TEXTS.cancel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
